import type { PortfolioDetail } from "@sofi/core";
import { useRef } from "react";
import { useParams } from "react-router";
import { useAccount, useAccountTransactions, useFavoriteToggle, usePortfolioDetail } from "./usePortfolioApi.ts";

/**
 * `/sts/portfolio/{address}` (spec 001 §2): the detail, who is looking (visitor, holder, manager),
 * whether Buy/Sell are open (spec 001 §2, §8 "Not enabled to trading"), the account's recent
 * transactions in this portfolio and the favourite toggle.
 */
/** The latest buys and sells of this portfolio the page lists. */
export const PORTFOLIO_TRANSACTIONS_SHOWN = 10;

export function usePortfolioState() {
  const { address } = useParams();
  const account = useAccount();
  const detail = usePortfolioDetail(address);
  const txs = useAccountTransactions(account, address, PORTFOLIO_TRANSACTIONS_SHOWN);
  const favorite = useFavoriteToggle();
  // A wallet connecting changes the query (its favourite flag): the page keeps showing the last
  // detail of this portfolio until the new one arrives instead of flashing the skeleton.
  const last = useRef<PortfolioDetail | undefined>(undefined);
  if (detail.data) last.current = detail.data;
  const d =
    detail.data ??
    (last.current && address && last.current.address.toLowerCase() === address.toLowerCase()
      ? last.current
      : undefined);
  const isManager = !!d && !!account && d.manager.toLowerCase() === account.toLowerCase();
  const transactions = txs.data?.transactions;
  return {
    address: address ?? "",
    account,
    detail,
    data: d,
    isManager,
    tradingEnabled: !!d?.trading_enabled,
    transactions,
    transactionsQuery: txs,
    favorite,
  };
}
export type PortfolioState = ReturnType<typeof usePortfolioState>;
