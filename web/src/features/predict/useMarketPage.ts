import { type ApiMarket, isAddress, type MarketStatus } from "@sofi/core";
import { useParams } from "react-router";
import { ApiError } from "../../kernel/api.ts";
import { useChainSuffix } from "../../kernel/config.ts";
import { useAccount, useChainId, useChainNow, useMarket, useMarketState, useUserState } from "./hooks.ts";
import { fromUnits, isActive, LENS_STATUS } from "./rules.ts";

/**
 * What /predict/{market} reads (spec 002 §2, §4): the API's market (every 5 s), the lens' pool state
 * (balances, prices, status: every 5 s and after each receipt) and the account's state in the market
 * (outcome balances, pool shares, SOFI and its allowance, approval, redeemable). The lens is the
 * fresher source of prices and status (it reads the head block); the API's figures fill in until it
 * answers. The market closes at its resolution time by the chain's clock (the FPMM never closes).
 */
export function useMarketPage() {
  const params = useParams();
  const id = params.id ?? "";
  const valid = isAddress(id);
  const market = valid ? (id as `0x${string}`) : undefined;
  const chainId = useChainId();
  const chain = useChainSuffix();
  const account = useAccount();
  const now = useChainNow(chainId);
  const api = useMarket(market);
  const state = useMarketState(market, chainId);
  const user = useUserState(market, account, chainId);
  const m: ApiMarket | undefined = api.data;

  const lens = state.data;
  const status: MarketStatus | undefined = lens ? LENS_STATUS[lens.status] : m?.status;
  // A resolved market is worth its payouts (the pool's prices no longer mean anything).
  const den = lens ? Number(lens.payoutDenominator) : 0;
  const prices: [number, number] | null = lens
    ? den > 0
      ? [Number(lens.payoutNumerators[0]) / den, Number(lens.payoutNumerators[1]) / den]
      : [fromUnits(lens.prices[0]), fromUnits(lens.prices[1])]
    : m
      ? [m.outcomePrice[0] ?? 0, m.outcomePrice[1] ?? 0]
      : null;
  const notFound = !valid || (api.error instanceof ApiError && api.error.status === 404);

  return {
    id,
    market,
    chainId,
    chain,
    account,
    now,
    api,
    m,
    lens,
    user: user.data,
    status,
    prices,
    active: !!m && isActive(status, m.resolutionTime, now),
    notFound,
    loading: valid && api.isPending,
    error: api.isError && !notFound && !m,
    refetch: () => Promise.all([api.refetch(), state.refetch(), user.refetch()]),
  };
}
export type MarketPageState = ReturnType<typeof useMarketPage>;
