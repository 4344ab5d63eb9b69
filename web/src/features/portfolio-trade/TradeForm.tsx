import { formatDisplayAmount, PORTFOLIO_SLIPPAGE_BPS, sanitizeAmountInput } from "@sofi/core";
import { Button, Input, Select } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { TradeOutcome, TradeState } from "../portfolios/index.ts";
import { TokenLogo } from "../tokens/index.ts";

/** `amount` of a token with `decimals` for reading, or `--`. */
export function amountText(amount: bigint | null | undefined, decimals: number, symbol: string): string {
  if (amount === null || amount === undefined) return "--";
  return `${formatDisplayAmount(amount, decimals)} ${symbol}`;
}

/** The button's text: the block's (spec 001 §2, §5, §8), the approval's or the trade's. */
export function buttonText(s: TradeState, t: TFunction, symbol: string): string {
  const spend = s.side === "buy" ? (s.token?.symbol ?? "") : symbol;
  if (s.busy === "approve") return t("approving", { symbol: spend });
  if (s.busy === "trade") return t("trading");
  const b = s.button;
  if (b.kind === "disabled") {
    const k = b.block;
    if (k.key === "insufficientBalance") return t("blocks.insufficientBalance", { symbol: k.symbol });
    if (k.key === "tooManyDecimals") return t("blocks.tooManyDecimals", { decimals: k.decimals });
    return t(`blocks.${k.key}`);
  }
  if (b.kind === "approve")
    return b.status === "pending"
      ? t("approving", { symbol: spend })
      : b.status === "unknown"
        ? t("approveUnknown", { symbol: spend })
        : t("approve", { symbol: spend });
  return s.side === "buy" ? t("buy", { symbol }) : t("sell", { symbol });
}

export type TradeFormProps = {
  s: TradeState;
  /** The portfolio's symbol and decimals, and its exit fee in percent (spec 001 §2). */
  symbol: string;
  decimals: number;
  exitFeePercent: number;
  onApprove: () => Promise<TradeOutcome> | undefined;
  onTrade: () => Promise<TradeOutcome> | undefined;
};

/**
 * The buy or sell panel (spec 001 §2): amount of sets with Max, the pay-with (buy) or receive
 * (sell) token, the quote with the 10 % slippage bound, the 0.30 % trade fee and the exit fee, and
 * one button that says why it is disabled, approves, or trades.
 */
export function TradeForm({ s, symbol, decimals, exitFeePercent, onApprove, onTrade }: TradeFormProps) {
  const { t } = useTranslation("portfolio-trade");
  const buy = s.side === "buy";
  const tk = s.token;
  const id = `pt-${s.side}-amount`;
  const b = s.button;
  const disabled = s.busy !== null || b.kind === "disabled" || (b.kind === "approve" && b.disabled);
  return (
    <div className="pt-form" data-testid={`${s.side}-form`}>
      <div className="pt-field-head">
        <label htmlFor={id}>{buy ? t("amountBuy", { symbol }) : t("amountSell", { symbol })}</label>
        {!buy && (
          <span data-testid="set-balance">
            {t("balance")}: {amountText(s.setBalance, decimals, symbol)}
          </span>
        )}
      </div>
      <Input
        id={id}
        size="large"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.0"
        value={s.text}
        maxLength={79}
        status={!s.amount.ok && s.text !== "" && s.amount.reason !== "enterAmount" ? "error" : ""}
        onChange={(e) => {
          const v = sanitizeAmountInput(e.target.value);
          if (v !== null) s.setText(v);
        }}
        suffix={
          <Button
            size="small"
            type="link"
            disabled={!s.canMax || s.busy !== null}
            onClick={() => void s.max()}
            aria-label={buy ? t("maxBuyLabel", { symbol }) : t("maxSellLabel", { symbol })}
            data-testid="max"
          >
            {t("max")}
          </Button>
        }
        data-testid="amount"
      />
      <div className="pt-field-head">
        <label htmlFor={`${id}-token`}>{buy ? t("payWith") : t("receiveIn")}</label>
        {tk && (
          <span data-testid="token-balance">
            {t("balance")}: {amountText(s.tokenBalance, tk.decimals, tk.symbol)}
          </span>
        )}
      </div>
      <Select
        id={`${id}-token`}
        size="large"
        className="pt-token-select"
        value={tk?.key}
        onChange={(k: string) => s.setTokenKey(k)}
        disabled={s.busy !== null}
        showSearch={{ optionFilterProp: "label" }}
        options={s.tokens.map((x) => ({
          value: x.key,
          label: x.symbol,
        }))}
        optionRender={(o) => (
          <span className="pt-token-option">
            <TokenLogo token={{ symbol: String(o.label) }} size={20} />
            {o.label}
          </span>
        )}
        labelRender={(o) => (
          <span className="pt-token-option">
            <TokenLogo token={{ symbol: String(o.label) }} size={20} />
            {o.label}
          </span>
        )}
        data-testid="token-select"
      />
      <dl className="pt-summary">
        {buy ? (
          <>
            <div>
              <dt>{t("quoted")}</dt>
              <dd data-testid="quote">
                {s.buyQuote && tk
                  ? amountText(s.buyQuote.amountIn + s.buyQuote.tradeFee, tk.decimals, tk.symbol)
                  : "--"}
              </dd>
            </div>
            <div>
              <dt>{t("youPayAtMost")}</dt>
              <dd data-testid="limit">{tk ? amountText(s.cost, tk.decimals, tk.symbol) : "--"}</dd>
            </div>
            <div>
              <dt>{t("tradeFee")} (0.30%)</dt>
              <dd data-testid="trade-fee">
                {s.buyQuote && tk ? amountText(s.buyQuote.tradeFee, tk.decimals, tk.symbol) : "0.30%"}
              </dd>
            </div>
            <div>
              <dt>{t("exitFee")}</dt>
              <dd data-testid="exit-fee">{exitFeePercent}%</dd>
            </div>
          </>
        ) : (
          <>
            <div>
              <dt>{t("youReceive")}</dt>
              <dd data-testid="quote">
                {s.sellQuote && tk ? amountText(s.sellQuote.net, tk.decimals, tk.symbol) : "--"}
              </dd>
            </div>
            <div>
              <dt>{t("minReceived")}</dt>
              <dd data-testid="limit">{tk ? amountText(s.minimum, tk.decimals, tk.symbol) : "--"}</dd>
            </div>
            <div>
              <dt>{t("tradeFee")} (0.30%)</dt>
              <dd data-testid="trade-fee">
                {s.sellQuote && tk ? amountText(s.sellQuote.tradeFee, tk.decimals, tk.symbol) : "0.30%"}
              </dd>
            </div>
            <div>
              <dt>
                {t("exitFee")} ({exitFeePercent}%)
              </dt>
              <dd data-testid="exit-fee">
                {s.sellQuote && tk ? amountText(s.sellQuote.exitFee, tk.decimals, tk.symbol) : `${exitFeePercent}%`}
              </dd>
            </div>
          </>
        )}
        <div>
          <dt>{t("slippage")}</dt>
          <dd data-testid="slippage">{PORTFOLIO_SLIPPAGE_BPS / 100}%</dd>
        </div>
      </dl>
      <Button
        type="primary"
        size="large"
        block
        danger={!buy && b.kind === "trade"}
        disabled={disabled}
        loading={s.busy !== null}
        onClick={() => void (b.kind === "approve" ? onApprove() : onTrade())}
        data-testid="trade-button"
        data-kind={b.kind}
      >
        {buttonText(s, t, symbol)}
      </Button>
    </div>
  );
}
