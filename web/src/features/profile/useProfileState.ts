import { useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { isAddress } from "viem";
import { useApi } from "../../kernel/api.ts";
import { useCapabilities } from "../../kernel/config.ts";
import { useAccount, useChainSuffix } from "../portfolios/index.ts";
import {
  isOwnProfile,
  mergeTransactions,
  PROFILE_PORTFOLIOS_MAX,
  type ProfileTab,
  type ProfileTx,
  parseTab,
  shortUnits,
} from "./rules.ts";

/** Followers and following: a page of this many. */
export const FOLLOW_PAGE_SIZE = 20;
/** The transactions tab: the latest this many of each kind. */
export const PROFILE_TX_LIMIT = 100;
/** The swap API's page size limit. */
const TRADES_LIMIT = 100;

/**
 * `/sts/profile/{address}/{tab}` (spec 001 §2): the address, the tab the URL names (1 when missing
 * or unknown; choosing a tab changes the URL), whether this is the connected account's own profile,
 * and the reads of the profile's own tabs (1, 4, 5, 6), started when that tab is shown. Tabs 2 and 3
 * are the portfolios' (profile.tabs contributions with their own reads); reads of a capability that
 * is off are never started.
 */
export function useProfileState() {
  const { address = "", tab: tabParam } = useParams();
  const navigate = useNavigate();
  const valid = isAddress(address);
  const tab = parseTab(tabParam);
  const chain = useChainSuffix();
  const me = useAccount();
  const own = valid && isOwnProfile(me, address);
  const on = useCapabilities();
  const portfolios = on.has("portfolios");
  const swap = on.has("swap");
  const info = useApi("manager", { chain, params: { address }, query: { address: me }, enabled: valid });
  const history = useApi("assetHistory", {
    chain,
    query: { buyer: address, type: "1w" },
    enabled: portfolios && valid && tab === "1",
  });
  const participated = useApi("portfolios", {
    chain,
    query: { buyer: address, address: me, limit: PROFILE_PORTFOLIOS_MAX },
    enabled: portfolios && valid && tab === "1",
  });
  // spec 001 §2 "4 transactions (own only)": others' are never asked for
  const portfolioTxs = useApi("portfolioTransactions", {
    chain,
    query: { address, limit: PROFILE_TX_LIMIT },
    enabled: portfolios && own && tab === "4",
  });
  const trades = useApi("trades", {
    chain,
    query: { user: address, limit: TRADES_LIMIT },
    enabled: swap && own && tab === "4",
  });
  const tokens = useApi("tokens", { chain, enabled: own && tab === "1", staleTimeMs: 60_000 });
  const [followersPage, setFollowersPage] = useState(1);
  const [followingPage, setFollowingPage] = useState(1);
  const followers = useApi("follows", {
    chain,
    query: {
      action: "followers",
      address,
      limit: FOLLOW_PAGE_SIZE,
      offset: (followersPage - 1) * FOLLOW_PAGE_SIZE,
    },
    enabled: valid && tab === "5",
  });
  const following = useApi("follows", {
    chain,
    query: {
      action: "following",
      address,
      limit: FOLLOW_PAGE_SIZE,
      offset: (followingPage - 1) * FOLLOW_PAGE_SIZE,
    },
    enabled: valid && tab === "6",
  });

  // A source whose capability is off counts as empty.
  const tradeRows = swap ? trades.data?.trades : [];
  const setRows = portfolios ? portfolioTxs.data?.transactions : [];
  const transactions = useMemo<ProfileTx[] | undefined>(() => {
    if (!setRows || !tradeRows) return undefined;
    const swaps: ProfileTx[] = tradeRows.map((t) => ({
      key: `swap-${t.txHash}-${t.logIndex}`,
      txid: t.txHash,
      created_at: t.timestamp,
      kind: "swap",
      token_in_symbol: t.tokenIn.symbol ?? "?",
      token_out_symbol: t.tokenOut.symbol ?? "?",
      token_in_amount: shortUnits(t.amountIn, t.tokenIn.decimals),
      token_out_amount: shortUnits(t.amountOut, t.tokenOut.decimals),
    }));
    const sets: ProfileTx[] = setRows.map((t) => ({
      key: `${t.kind}-${t.txid}-${t.portfolio}`,
      txid: t.txid,
      created_at: t.created_at,
      kind: t.kind,
      token_in_symbol: t.token_in_symbol,
      token_out_symbol: t.token_out_symbol,
      token_in_amount: t.token_in_amount,
      token_out_amount: t.token_out_amount,
      portfolio: t.portfolio,
    }));
    return mergeTransactions(swaps, sets);
  }, [setRows, tradeRows]);

  return {
    address,
    valid,
    tab,
    me,
    own,
    chain,
    /** Shows tab `t` and puts it in the URL. */
    setTab: (t: ProfileTab) => navigate(`/sts/profile/${address}/${t}`),
    info,
    history,
    /** The portfolios capability is on (the overview's balance and held portfolios). */
    portfolios,
    participated,
    tokens,
    transactions,
    transactionsLoading: (portfolios && portfolioTxs.isPending) || (swap && trades.isPending),
    transactionsError: (portfolios && portfolioTxs.isError) || (swap && trades.isError),
    refetchTransactions: () => {
      void portfolioTxs.refetch();
      void trades.refetch();
    },
    followers,
    following,
    followersPage,
    followingPage,
    setFollowersPage,
    setFollowingPage,
  };
}
export type ProfileState = ReturnType<typeof useProfileState>;
