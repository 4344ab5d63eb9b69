import { Button, InputNumber } from "antd";
import { useTranslation } from "react-i18next";
import { formatAmount } from "./format.ts";
import type { CreateState } from "./useCreateState.ts";

/** §2 the side summary (vote days, balance, minimum needed) and §4's button sequence. */
export function CreateSummary({ s }: { s: CreateState }) {
  const { t, i18n } = useTranslation("governance");
  const lang = i18n.language;
  const symbol = s.sofi?.symbol ?? "SOFI";
  const publicityDays = Math.round((s.settings?.pendingS ?? 5 * 86_400) / 86_400);
  let button: React.ReactNode;
  if (s.button === "connectWallet") {
    button = (
      <Button type="primary" block size="large" onClick={s.connect} data-testid="create-button" data-state="connect">
        {t("connectWallet")}
      </Button>
    );
  } else if (s.wrongNetwork) {
    button = (
      <Button
        type="primary"
        block
        size="large"
        onClick={() => void s.switchNetwork()}
        loading={s.switching}
        data-testid="create-button"
        data-state="network"
      >
        {t("switchNetwork")}
      </Button>
    );
  } else if (s.button === "insufficientBalance") {
    button = (
      <Button block size="large" disabled data-testid="create-button" data-state="insufficient">
        {t("insufficientBalance")}
      </Button>
    );
  } else if (s.button === "approve") {
    button = (
      <Button
        type="primary"
        block
        size="large"
        onClick={() => void s.approve()}
        loading={s.approving}
        data-testid="create-button"
        data-state="approve"
      >
        {s.approving ? t("approving", { symbol }) : t("approve", { symbol })}
      </Button>
    );
  } else {
    button = (
      <Button type="primary" block size="large" onClick={s.openConfirm} data-testid="create-button" data-state="create">
        {t("createProposal")}
      </Button>
    );
  }
  return (
    <section className="gv-panel gv-summary" aria-labelledby="gv-summary-title">
      <h2 id="gv-summary-title" className="gv-section-title">
        {t("sideSummary")}
      </h2>
      <div className="gv-field">
        <label htmlFor="gv-days" className="gv-label-text">
          {t("voteDays")}
        </label>
        <InputNumber
          id="gv-days"
          min={s.range.min}
          max={s.range.max}
          precision={0}
          value={s.form.shownDays}
          onChange={(v) => s.form.setDays(v)}
          suffix={t("days")}
          style={{ width: "100%" }}
          data-testid="create-days"
        />
        <p className="gv-muted">
          {t("voteDaysHint", { min: s.range.min, max: s.range.max, publicity: publicityDays })}
        </p>
      </div>
      <dl className="gv-dl">
        <div>
          <dt>{t("balance")}</dt>
          <dd data-testid="create-balance">
            {s.account ? `${formatAmount(s.balance, s.sofi?.decimals ?? 18, lang)} ${symbol}` : "--"}
          </dd>
        </div>
        <div>
          <dt>{t("minimumNeeded")}</dt>
          <dd data-testid="create-minimum">
            {formatAmount(s.threshold, s.sofi?.decimals ?? 18, lang)} {symbol}
          </dd>
        </div>
      </dl>
      <p className="gv-muted">{t("stakeHint", { symbol })}</p>
      <div className="gv-summary-buttons">
        {button}
        <Button block onClick={s.back} data-testid="create-back">
          {t("back")}
        </Button>
      </div>
    </section>
  );
}
