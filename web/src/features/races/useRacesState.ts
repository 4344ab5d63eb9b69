import { RACES_HOME, RACES_MORE } from "@sofi/core";
import { useAccount, useChainId, useNetworkName, usePoints, useRaceClock, useRunningRaces } from "./hooks.ts";
import { bannerState, HOME_HISTORY } from "./rules.ts";

/**
 * Everything /headTail (`more: false`) and /headTail/moreRace (`more: true`) show (spec 002 §2,
 * §7, §9): the running races (3 on the home, 100 on the more page) at the chain's time, the banner's
 * labels, the testnet banner off mainnet, the leader board, and the account's points and history.
 * The races and the leader board are read with or without a wallet, on every chain (docs/decisions.md).
 */
export function useRacesState(more: boolean) {
  const chainId = useChainId();
  const account = useAccount();
  const now = useRaceClock(chainId);
  const races = useRunningRaces(more ? RACES_MORE : RACES_HOME);
  // The account's reply has the leader board too; the public one shows it until that answers (and
  // without a wallet), so connecting never blanks the board.
  const mine = usePoints(account, !!account);
  const everyone = usePoints(undefined, !account || !mine.data);
  const board = account && mine.data ? mine : everyone;
  const list = races.data ?? [];
  const history = account ? (mine.data?.history ?? []) : [];
  return {
    chainId,
    account,
    now,
    network: useNetworkName(chainId),
    /** §2 "A banner is shown when the chain is not mainnet." */
    testnet: chainId !== 1,
    races,
    list,
    banner: bannerState(list, now),
    /** The leader board's read, and the account's (points and history). */
    board,
    mine,
    leaders: board.data?.leaderborad ?? [],
    myPoints: account ? (mine.data?.mypoints ?? 0) : 0,
    history,
    /** The home shows the latest few; the more page all of them, a page at a time. */
    shownHistory: more ? history : history.slice(0, HOME_HISTORY),
  };
}
export type RacesState = ReturnType<typeof useRacesState>;
