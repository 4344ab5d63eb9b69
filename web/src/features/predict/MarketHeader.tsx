import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { MarketPhoto, StatusTag } from "./parts.tsx";
import {
  barParts,
  formatAmount,
  formatCountdown,
  formatExpiration,
  formatPrice,
  fromUnits,
  questionView,
} from "./rules.ts";
import type { MarketPageState } from "./useMarketPage.ts";
import type { useRedeem } from "./useRedeem.ts";

/** §2 the header: photo, title, description, the two-part price bar, expiration, max volume and liquidity. */
export function MarketHeader({ p }: { p: MarketPageState }) {
  const { t, i18n } = useTranslation("predict");
  const m = p.m;
  if (!m) return null;
  const prices = p.prices ?? [0.5, 0.5];
  const [yes, no] = barParts(prices);
  const [yesName = "Yes", noName = "No"] = m.outcomeNames;
  return (
    <section className="pm-panel pm-market-head" aria-labelledby="page-title">
      <div className="pm-market-title">
        <MarketPhoto market={m} size={56} />
        <div className="pm-market-title-text">
          <h2 id="page-title" className="page-title">
            <OnChainText>{m.title}</OnChainText>
          </h2>
          {p.status && <StatusTag status={p.status} always />}
        </div>
      </div>
      {m.description && (
        <p className="pm-description" data-testid="market-description">
          <OnChainText>{m.description}</OnChainText>
        </p>
      )}
      <div
        className="pm-bar"
        role="img"
        aria-label={t("priceBar", {
          yes: yesName,
          yesPrice: formatPrice(prices[0]),
          no: noName,
          noPrice: formatPrice(prices[1]),
        })}
        data-testid="price-bar"
        data-yes={yes}
      >
        <span className="pm-bar-part is-yes" style={{ width: `${yes}%` }}>
          <OnChainText>{yesName}</OnChainText> {formatPrice(prices[0])}
        </span>
        <span className="pm-bar-part is-no" style={{ width: `${no}%` }}>
          <OnChainText>{noName}</OnChainText> {formatPrice(prices[1])}
        </span>
      </div>
      <dl className="pm-stats">
        <div>
          <dt>{t("expiration")}</dt>
          <dd data-testid="market-expiration">{formatExpiration(m.expiration)}</dd>
        </div>
        <div>
          <dt>{t("volume")}</dt>
          <dd data-testid="market-volume">{formatAmount(m.volume, 2, i18n.language)} SOFI</dd>
        </div>
        <div>
          <dt>{t("liquidity")}</dt>
          <dd data-testid="market-liquidity">{formatAmount(m.liquidity, 2, i18n.language)} SOFI</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The question's status (issue 19): open, awaiting an answer, answered with its bond and the time
 * left to dispute, arbitration pending, final, resolved; and the account's Redeem once resolved.
 */
export function QuestionStatus({ p, redeem }: { p: MarketPageState; redeem: ReturnType<typeof useRedeem> }) {
  const { t, i18n } = useTranslation("predict");
  const m = p.m;
  if (!m) return null;
  const v = questionView({ ...m, status: p.status ?? m.status }, p.now);
  const answer = (a: string | null) => t(`answers.${a ?? "none"}`);
  const bond = (b: number) => formatAmount(b, 2, i18n.language);
  const text = (() => {
    switch (v.kind) {
      case "open":
        return t("questionOpen");
      case "awaiting":
        return t("questionAwaiting", { bond: bond(v.minBond) });
      case "answered":
        return v.secondsLeft > 0
          ? t("questionAnswered", {
              answer: answer(v.answer),
              bond: bond(v.bond),
              left: formatCountdown(v.secondsLeft),
            })
          : t("questionAnsweredDue", { answer: answer(v.answer), bond: bond(v.bond) });
      case "disputed":
        return t("questionDisputed", { answer: answer(v.answer), bond: bond(v.bond) });
      case "final":
        return t("questionFinal", { answer: answer(v.answer) });
      case "resolved":
        return t("questionResolved", { answer: answer(v.answer) });
    }
  })();
  const redeemable = p.user?.redeemable ?? 0n;
  const state = redeem.stateOf(m.market);
  return (
    <section
      className="pm-panel pm-question"
      aria-labelledby="pm-question-title"
      data-testid="question-status"
      data-kind={v.kind}
    >
      <h3 id="pm-question-title" className="pm-section-title">
        {t("question")}
      </h3>
      <p className="pm-question-text">{text}</p>
      {v.kind === "resolved" && p.account && (redeemable > 0n || state) && (
        <div className="pm-redeem-row">
          <span>{t("redeemable", { amount: formatAmount(fromUnits(redeemable), 4, i18n.language) })}</span>
          <Button
            type="primary"
            loading={state === "pending"}
            disabled={state === "done" || !redeem.ready}
            onClick={() => void redeem.run(m.market, m.conditionId)}
            data-testid="market-redeem"
          >
            {t("redeem")}
          </Button>
        </div>
      )}
    </section>
  );
}
