import { useMemo, useState } from "react";
import { useConnection } from "wagmi";
import { useBalances } from "../../kernel/balances.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { nativeToken } from "../tokens/index.ts";
import { type WalletToken, walletRows, walletTotal } from "./rules.ts";
import type { ProfileState } from "./useProfileState.ts";

/**
 * The own profile's wallet table (spec 001 §2): the connected wallet's balances, from the kernel's
 * one balances source, of the native coin, the deployment's tokens (priced by `GET /sofi/tokens`,
 * the native coin at WETH's price) and the portfolios it holds (priced at their value per set);
 * zero balances hidden until the switch shows them.
 */
export function useWalletTable(s: ProfileState) {
  const [showZero, setShowZero] = useState(false);
  const chainId = useSettings((x) => x.chainId);
  const { address: account, chainId: walletChainId, status } = useConnection();
  const onChain = status === "connected" && walletChainId === chainId;
  const tokens = useMemo<WalletToken[]>(() => {
    const d = s.tokens.data;
    const api = d ? (Array.isArray(d) ? d : d.tokens) : [];
    const weth = api.find((t) => t.symbol === "WETH");
    const native = nativeToken(chainId);
    return [
      { address: "native", symbol: native.symbol, name: native.name, decimals: 18, price: weth?.price_usd ?? null },
      ...api.map((t) => ({
        address: t.address,
        symbol: t.symbol,
        name: t.name,
        decimals: t.decimals,
        price: t.price_usd,
      })),
      ...((s.portfolios && s.participated.data?.portfolios) || []).map((p) => ({
        address: p.address,
        symbol: p.symbol,
        name: p.name,
        decimals: 18,
        price: p.value_per_set,
        portfolio: true,
      })),
    ];
  }, [s.tokens.data, s.participated.data, chainId, s.portfolios]);
  const keys = useMemo(() => tokens.map((t) => t.address), [tokens]);
  const b = useBalances({ chainId, account, tokens: keys, enabled: s.own && onChain && !!s.tokens.data });
  const rows = useMemo(() => walletRows(tokens, b.balances, showZero), [tokens, b.balances, showZero]);
  const failed = Object.values(b.failed).some(Boolean) && Object.values(b.balances).every((v) => v === undefined);
  return {
    rows,
    total: walletTotal(rows),
    showZero,
    setShowZero,
    onChain,
    loading: s.tokens.isPending || b.isLoading,
    error: s.tokens.isError || failed,
    retry: () => {
      void s.tokens.refetch();
      void b.refetch();
    },
  };
}
export type WalletTableState = ReturnType<typeof useWalletTable>;
