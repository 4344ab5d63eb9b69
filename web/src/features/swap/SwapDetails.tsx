import { formatDisplayAmount } from "@sofi/core";
import { useTranslation } from "react-i18next";
import type { Quote } from "./quote.ts";
import { formatImpact } from "./rules.ts";
import type { SwapToken } from "./tokens.ts";

/** The quote's details under the fields: router, minimum received, price impact, slippage. */
export function SwapDetails(props: {
  quote: Quote;
  outputToken: SwapToken;
  minOut: bigint | null;
  impactBps: number | null;
  impactLevel: number;
  slippageBps: number;
}) {
  const { t } = useTranslation("swap");
  const { outputToken } = props;
  return (
    <dl className="swap-details" data-testid="swap-details">
      <dt>{t("router")}</dt>
      <dd data-testid="swap-router">{props.quote.routerName}</dd>
      <dt>{t("minimumReceived")}</dt>
      <dd>
        {props.minOut !== null ? formatDisplayAmount(props.minOut, outputToken.decimals) : "--"} {outputToken.symbol}
      </dd>
      <dt>{t("priceImpact")}</dt>
      <dd className={`impact-${props.impactLevel}`} data-testid="price-impact">
        {formatImpact(props.impactBps)}
      </dd>
      <dt>{t("slippage")}</dt>
      <dd>{props.slippageBps / 100}%</dd>
    </dl>
  );
}
