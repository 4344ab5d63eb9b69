import { create } from "zustand";
import { useContract } from "../../kernel/contracts.ts";
import { useTransactorContext } from "../transactions/index.ts";
import { useAccount, useApiPrefix, useChainId, useSofi } from "./hooks.ts";
import { redeem } from "./writes.ts";

type RedeemStore = {
  /** chainId:account:market → the session's redeem (§4: disabled once redeemed in this session). */
  byKey: Record<string, "pending" | "done">;
  set: (key: string, v: "pending" | "done" | undefined) => void;
};

/** This session's redeems (not persisted: the API's `redeemed` flag is the lasting one). */
export const useRedeemStore = create<RedeemStore>()((set) => ({
  byKey: {},
  set: (key, v) =>
    set((s) => {
      const byKey = { ...s.byKey };
      if (v) byKey[key] = v;
      else delete byKey[key];
      return { byKey };
    }),
}));

const keyOf = (chainId: number, account: string | undefined, market: string) =>
  `${chainId}:${(account ?? "").toLowerCase()}:${market.toLowerCase()}`;

/**
 * §4 redeem: `redeemPositions(SOFI, 0x0, conditionId, [1, 2])` with the summary 'Redeem Success'; a
 * spinner while pending, disabled once mined. `fail` shows a failure in the page's dialog.
 */
export function useRedeem(fail: (e: unknown) => void) {
  const chainId = useChainId();
  const account = useAccount();
  const ctx = useTransactorContext(chainId);
  const ct = useContract("conditionalTokens", chainId);
  const sofi = useSofi(chainId);
  const invalidate = [useApiPrefix()];
  const byKey = useRedeemStore((s) => s.byKey);
  const setState = useRedeemStore((s) => s.set);
  return {
    stateOf: (market: string) => byKey[keyOf(chainId, account, market)],
    ready: !!ctx && !!ct && !!sofi,
    run: async (market: string, conditionId: string) => {
      if (!ctx || !ct || !sofi) return;
      const key = keyOf(chainId, account, market);
      setState(key, "pending");
      try {
        const sent = await redeem(ctx, {
          conditionalTokens: ct.address,
          sofi: sofi.address,
          conditionId: conditionId as `0x${string}`,
          invalidate,
        });
        const ok = await sent.done;
        setState(key, ok ? "done" : undefined);
        if (!ok) fail(new Error("The transaction failed!"));
      } catch (e) {
        setState(key, undefined);
        fail(e);
      }
    },
  };
}
