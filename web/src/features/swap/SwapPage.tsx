import { useState } from "react";
import { useSettings } from "../../kernel/settings-store.ts";
import { TokenSelectModal } from "../tokens/index.ts";
import { ConfirmSwapModal } from "./ConfirmSwapModal.tsx";
import { pairSymbol } from "./chart-data.ts";
import { PriceChart } from "./PriceChart.tsx";
import type { Side } from "./rules.ts";
import { SwapCard } from "./SwapCard.tsx";
import { UnlistedTokensModal } from "./UnlistedTokensModal.tsx";
import { useSwapState } from "./useSwapState.ts";
import "./swap.css";

/**
 * The aggregator swap screen (spec 000 §2): `/aggregateSwap`, and with `chart` `/aggregateSwap/chart`.
 * The state is derived in `useSwapState`; this file only lays out its views.
 */
export default function SwapPage({ chart = false }: { chart?: boolean }) {
  const s = useSwapState();
  const theme = useSettings((st) => st.theme);
  const [picking, setPicking] = useState<Side | null>(null);
  const { inputToken, outputToken } = s;
  const chartSymbol =
    inputToken && outputToken
      ? pairSymbol(inputToken.symbol, outputToken.symbol, s.nativeSymbol, s.wrappedSymbol)
      : null;
  return (
    <div className={`swap-page${chart ? " with-chart" : ""}`}>
      {chart && (
        <PriceChart
          suffix={s.chainCfg?.suffix ?? "local"}
          symbol={chartSymbol}
          refresh={s.refresh}
          dark={theme === "dark"}
        />
      )}
      <SwapCard s={s} chart={chart} onPickToken={setPicking} />
      <TokenSelectModal
        open={picking !== null}
        selected={picking === "in" ? inputToken : outputToken}
        other={picking === "in" ? outputToken : inputToken}
        showCommonBases
        onClose={() => setPicking(null)}
        onSelect={(tk) => {
          setPicking(null);
          if (picking) s.onPick(picking, tk);
        }}
      />
      <ConfirmSwapModal s={s} />
      <UnlistedTokensModal unlisted={s.unlisted} />
    </div>
  );
}
