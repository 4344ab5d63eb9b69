import {
  apiTokenListSchema,
  followListSchema,
  managerInfoSchema,
  portfolioHistorySchema,
  portfolioListSchema,
  portfolioTransactionsSchema,
  tradesPageSchema,
} from "@sofi/core";
import { useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { isAddress } from "viem";
import { useApiQuery } from "../../kernel/api.ts";
import { useAccount, useChainSuffix } from "../portfolios/index.ts";
import { isOwnProfile, mergeTransactions, type ProfileTab, type ProfileTx, parseTab, shortUnits } from "./rules.ts";

/** Every portfolio of a list in one read (spec 001 §7 "up to 1000"). */
export const PROFILE_PORTFOLIOS_MAX = 1000;
/** Followers and following: a page of this many. */
export const FOLLOW_PAGE_SIZE = 20;
/** The transactions tab: the latest this many of each kind. */
export const PROFILE_TX_LIMIT = 100;
/** The swap API's page size limit. */
const TRADES_LIMIT = 100;

/**
 * `/sts/profile/{address}/{tab}` (spec 001 §2): the address, the tab the URL names (1 when missing
 * or unknown; choosing a tab changes the URL), whether this is the connected account's own profile,
 * and the reads each tab shows, started when that tab (or the overview, which needs them) is shown.
 */
export function useProfileState() {
  const { address = "", tab: tabParam } = useParams();
  const navigate = useNavigate();
  const valid = isAddress(address);
  const tab = parseTab(tabParam);
  const chain = useChainSuffix();
  const me = useAccount();
  const own = valid && isOwnProfile(me, address);
  const info = useApiQuery({
    chain,
    path: `/sofi/managers/${address}`,
    params: { address: me },
    schema: managerInfoSchema,
    enabled: valid,
  });
  const history = useApiQuery({
    chain,
    path: "/sofi/asset/history",
    params: { buyer: address, type: "1w" },
    schema: portfolioHistorySchema,
    enabled: valid && tab === "1",
  });
  const participated = useApiQuery({
    chain,
    path: "/sofi/portfolios",
    params: { buyer: address, address: me, limit: PROFILE_PORTFOLIOS_MAX },
    schema: portfolioListSchema,
    enabled: valid && (tab === "1" || tab === "2"),
  });
  const created = useApiQuery({
    chain,
    path: "/v2/sofi/portfolios",
    params: { manager: address, address: me, limit: PROFILE_PORTFOLIOS_MAX },
    schema: portfolioListSchema,
    enabled: valid && tab === "3",
  });
  // spec 001 §2 "4 transactions (own only)": others' are never asked for
  const portfolioTxs = useApiQuery({
    chain,
    path: "/sofi/transactions",
    params: { address, limit: PROFILE_TX_LIMIT },
    schema: portfolioTransactionsSchema,
    enabled: own && tab === "4",
  });
  const trades = useApiQuery({
    chain,
    path: "/sofi/trades",
    params: { user: address, limit: TRADES_LIMIT },
    schema: tradesPageSchema,
    enabled: own && tab === "4",
  });
  const tokens = useApiQuery({
    chain,
    path: "/sofi/tokens",
    schema: apiTokenListSchema,
    enabled: own && tab === "1",
    staleTimeMs: 60_000,
  });
  const [followersPage, setFollowersPage] = useState(1);
  const [followingPage, setFollowingPage] = useState(1);
  const followers = useApiQuery({
    chain,
    path: "/sofi/follow",
    params: {
      action: "followers",
      address,
      limit: FOLLOW_PAGE_SIZE,
      offset: (followersPage - 1) * FOLLOW_PAGE_SIZE,
    },
    schema: followListSchema,
    enabled: valid && tab === "5",
  });
  const following = useApiQuery({
    chain,
    path: "/sofi/follow",
    params: {
      action: "following",
      address,
      limit: FOLLOW_PAGE_SIZE,
      offset: (followingPage - 1) * FOLLOW_PAGE_SIZE,
    },
    schema: followListSchema,
    enabled: valid && tab === "6",
  });

  const transactions = useMemo<ProfileTx[] | undefined>(() => {
    if (!portfolioTxs.data || !trades.data) return undefined;
    const swaps: ProfileTx[] = trades.data.trades.map((t) => ({
      key: `swap-${t.txHash}-${t.logIndex}`,
      txid: t.txHash,
      created_at: t.timestamp,
      kind: "swap",
      token_in_symbol: t.tokenIn.symbol ?? "?",
      token_out_symbol: t.tokenOut.symbol ?? "?",
      token_in_amount: shortUnits(t.amountIn, t.tokenIn.decimals),
      token_out_amount: shortUnits(t.amountOut, t.tokenOut.decimals),
    }));
    const sets: ProfileTx[] = portfolioTxs.data.transactions.map((t) => ({
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
  }, [portfolioTxs.data, trades.data]);

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
    participated,
    created,
    tokens,
    transactions,
    transactionsLoading: portfolioTxs.isPending || trades.isPending,
    transactionsError: portfolioTxs.isError || trades.isError,
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
