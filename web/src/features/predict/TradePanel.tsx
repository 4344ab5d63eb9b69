import { Button, Form, Input, Segmented } from "antd";
import { useTranslation } from "react-i18next";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { ConfirmModal } from "./ConfirmModal.tsx";
import { formatAmount, formatPrice, fromUnits } from "./rules.ts";
import type { MarketPageState } from "./useMarketPage.ts";
import type { Mode, TradePanelState } from "./useTradePanel.ts";

/** The §5 message in the reader's language (English: exactly the spec's words). */
export function useIssueText() {
  const { t } = useTranslation("predict");
  return (issue: NonNullable<TradePanelState["issue"]>) => {
    if (issue.kind === "liquidity") return t("messages.liquidity");
    const label = t(`labels.${issue.label}`);
    if (issue.kind === "tooMuch") return t("messages.tooMuch", { label, limit: issue.limit });
    return t(`messages.${issue.kind}`, { label });
  };
}

/** §2 the outcome selector (Buy Yes / Buy No with their prices) and the liquidity mode. */
function OutcomeSelector({ p, s }: { p: MarketPageState; s: TradePanelState }) {
  const { t } = useTranslation("predict");
  const names = p.m?.outcomeNames ?? ["Yes", "No"];
  const options: { mode: Mode; label: React.ReactNode; className: string }[] = [
    ...[0, 1].map((i) => ({
      mode: i as Mode,
      className: i === 0 ? "is-yes" : "is-no",
      label: (
        <>
          <span>
            {t("buy")} <OnChainText>{names[i]}</OnChainText>
          </span>
          <strong>{formatPrice(p.prices?.[i])}</strong>
        </>
      ),
    })),
    { mode: -1, className: "is-liquidity", label: <span>{t("liquidityMode")}</span> },
  ];
  return (
    <div className="pm-outcomes" role="radiogroup" aria-label={t("outcomes")}>
      {options.map((o) => (
        // biome-ignore lint/a11y/useSemanticElements: a radio group of large buttons with two lines each
        <button
          key={o.mode}
          type="button"
          role="radio"
          aria-checked={s.mode === o.mode}
          className={`pm-outcome ${o.className}${s.mode === o.mode ? " is-selected" : ""}`}
          onClick={() => s.setMode(o.mode)}
          data-testid={`outcome-${o.mode}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

function Row({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="pm-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** The trade panel: outcome, Buy/Sell, shares held, amount form, wallet balance, figures, button. */
export function TradePanel({ p, s }: { p: MarketPageState; s: TradePanelState }) {
  const { t, i18n } = useTranslation("predict");
  const issueToText = useIssueText();
  const lang = i18n.language;
  const outcomeName = p.m?.outcomeNames[s.outcome] ?? "";
  const label = s.liquidityMode
    ? t(s.side === "buy" ? "labels.SOFI amount" : "labels.pool shares")
    : t(s.side === "buy" ? "labels.SOFI amount" : "labels.share amount");
  const buttonText =
    s.button === "placeOrder" && s.liquidityMode
      ? t(s.side === "buy" ? "buttons.addLiquidity" : "buttons.removeLiquidity")
      : t(`buttons.${s.button}`);
  const f = s.figures;
  return (
    <section className="pm-panel pm-trade" aria-label={t("outcomes")} data-testid="trade-panel">
      <OutcomeSelector p={p} s={s} />
      <Segmented
        block
        aria-label={s.liquidityMode ? t("liquiditySide") : t("side")}
        value={s.side}
        onChange={(v) => s.setSide(v as "buy" | "sell")}
        options={[
          { value: "buy", label: s.liquidityMode ? t("addFunding") : t("buy") },
          { value: "sell", label: s.liquidityMode ? t("removeFunding") : t("sell") },
        ]}
        data-testid="trade-side"
      />
      <dl className="pm-figures pm-held">
        {s.liquidityMode ? (
          <Row
            label={t("poolShares")}
            value={p.account ? formatAmount(fromUnits(s.poolShares), 4, lang) : "--"}
            testId="pool-shares"
          />
        ) : (
          <Row
            label={`${t("sharesHeld")} (${outcomeName})`}
            value={p.account ? formatAmount(fromUnits(s.holdings), 4, lang) : "--"}
            testId="shares-held"
          />
        )}
      </dl>
      <Form layout="vertical" onFinish={() => s.onButton()} className="pm-form" requiredMark={false} component="div">
        <Form.Item
          label={label}
          htmlFor="pm-amount"
          validateStatus={s.issue ? "error" : undefined}
          help={s.issue ? <span data-testid="amount-error">{issueToText(s.issue)}</span> : undefined}
        >
          <Input
            id="pm-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={s.text}
            disabled={s.inputDisabled}
            onChange={(e) => s.setText(e.target.value)}
            onPressEnter={() => s.onButton()}
            suffix={
              <Button
                size="small"
                type="link"
                onClick={s.setMax}
                disabled={s.inputDisabled || !p.account}
                data-testid="amount-max"
              >
                {t("max")}
              </Button>
            }
            data-testid="amount-input"
          />
        </Form.Item>
      </Form>
      <dl className="pm-figures">
        <Row
          label={t("walletBalance")}
          value={p.account && s.wallet !== undefined ? `${formatAmount(fromUnits(s.wallet), 4, lang)} SOFI` : "--"}
          testId="wallet-balance"
        />
        {!s.liquidityMode && s.side === "buy" && (
          <>
            <Row label={t("costPerShare")} value={f ? f.costPerShare.toFixed(4) : "--"} testId="cost-per-share" />
            <Row
              label={t("totalShares")}
              value={f ? formatAmount(f.totalShares, 4, lang) : "--"}
              testId="total-shares"
            />
            <Row label={t("maxRoi")} value={f ? `${f.maxRoiPercent.toFixed(2)}%` : "--"} testId="max-roi" />
            <Row
              label={t("potentialReturns")}
              value={f ? `${formatAmount(f.potentialReturns, 4, lang)} SOFI` : "--"}
              testId="potential-returns"
            />
          </>
        )}
        {!s.liquidityMode && s.side === "sell" && (
          <>
            <Row
              label={t("youReceive")}
              value={s.sellReturn !== null ? `${formatAmount(s.sellReturn, 4, lang)} SOFI` : "--"}
              testId="sell-return"
            />
            <Row
              label={t("averagePrice")}
              value={s.sellAverage !== null ? s.sellAverage.toFixed(4) : "--"}
              testId="sell-average"
            />
          </>
        )}
        {s.liquidityMode && (
          <>
            <Row
              label={t("poolLiquidity")}
              value={p.m ? `${formatAmount(p.m.liquidity, 2, lang)} SOFI` : "--"}
              testId="pool-liquidity"
            />
            {s.side === "buy" ? (
              <Row
                label={t("poolShares")}
                value={s.addShares !== null ? `+${formatAmount(s.addShares, 4, lang)}` : "--"}
              />
            ) : (
              <Row
                label={`${p.m?.outcomeNames[0] ?? ""} / ${p.m?.outcomeNames[1] ?? ""}`}
                value={
                  s.removeBack
                    ? `+${formatAmount(s.removeBack[0], 4, lang)} / +${formatAmount(s.removeBack[1], 4, lang)}`
                    : "--"
                }
              />
            )}
          </>
        )}
      </dl>
      {s.liquidityMode && s.side === "sell" && <p className="pm-muted pm-hint">{t("removeHint")}</p>}
      <Button
        type="primary"
        size="large"
        block
        disabled={
          s.button === "ended" || s.button === "insufficientBalance" || (s.button === "placeOrder" && s.quoting)
        }
        loading={s.busy !== null}
        onClick={s.onButton}
        className={`pm-action ${s.liquidityMode ? "" : s.outcome === 0 ? "is-yes" : "is-no"}`}
        data-testid="trade-button"
        data-state={s.button}
      >
        {buttonText}
      </Button>
      <ConfirmModal p={p} s={s} />
    </section>
  );
}
