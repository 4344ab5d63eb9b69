import { Alert, Button, Input, Steps, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { TradeOutcome } from "../portfolios/index.ts";
import type { ManageAction, ManageState } from "./useManage.ts";

export type ManagePanelProps = {
  m: ManageState;
  /** 0 not added, 1 added not initialised, 2 ready (spec 001 §3); undefined while unknown. */
  moduleState: number | undefined;
  tradingEnabled: boolean;
  connected: boolean;
  isManager: boolean;
  /** Runs a manage write and reports its outcome (the page shows failures as the spec's alert). */
  onAction: (run: () => Promise<TradeOutcome>, action: ManageAction) => void;
};

/**
 * The trading module's steps (spec 001 §4): add (0 → 1), initialise with an exit fee (1 → 2),
 * enable or disable buy/sell. Manager only (spec 001 §6); everyone else sees why they cannot.
 */
export function ManagePanel({ m, moduleState, tradingEnabled, connected, isManager, onAction }: ManagePanelProps) {
  const { t } = useTranslation("portfolio-trade");
  if (!connected) return <Alert type="info" showIcon title={t("manage.connect")} data-testid="manage-connect" />;
  if (!isManager)
    return <Alert type="warning" showIcon title={t("manage.notManager")} data-testid="manage-not-manager" />;
  const state = moduleState ?? 0;
  const current = state >= 2 ? (tradingEnabled ? 3 : 2) : state;
  const busy = m.busy !== null;
  const feeError = m.feeBps === null;
  return (
    <section className="pt-manage" aria-labelledby="pt-module-title" data-testid="manage-module">
      <div className="pt-manage-head">
        <h2 id="pt-module-title" className="pt-section-title">
          {t("manage.moduleTitle")}
        </h2>
        <Tag color={state === 2 ? "green" : state === 1 ? "gold" : "default"} data-testid="module-state">
          {t("manage.state")}: {t(`manage.states.${state}`)}
        </Tag>
      </div>
      <Steps
        orientation="vertical"
        size="small"
        current={current}
        items={[
          { title: t("manage.stepAdd"), content: t("manage.stepAddHelp") },
          { title: t("manage.stepInit"), content: t("manage.stepInitHelp") },
          { title: t("manage.stepEnable"), content: t("manage.stepEnableHelp") },
        ]}
      />
      {m.step === "add" && (
        <Button
          type="primary"
          size="large"
          block
          loading={m.busy === "add"}
          disabled={busy}
          onClick={() => onAction(m.addModule, "add")}
          data-testid="module-add"
        >
          {m.busy === "add" ? t("manage.waiting") : t("manage.add")}
        </Button>
      )}
      {m.step === "initialize" && (
        <div className="pt-form">
          <label htmlFor="pt-exit-fee">{t("manage.exitFee")}</label>
          <Input
            id="pt-exit-fee"
            size="large"
            inputMode="decimal"
            value={m.feeText}
            maxLength={6}
            suffix="%"
            status={feeError ? "error" : ""}
            onChange={(e) => m.setFeeText(e.target.value)}
            data-testid="exit-fee-input"
          />
          {feeError && (
            <span className="pt-error" role="alert">
              {t("manage.exitFeeError", { max: m.exitFee.maxBps / 100 })}
            </span>
          )}
          <Button
            type="primary"
            size="large"
            block
            loading={m.busy === "initialize"}
            disabled={busy || feeError}
            onClick={() => onAction(m.initialize, "initialize")}
            data-testid="module-initialize"
          >
            {m.busy === "initialize" ? t("manage.waiting") : t("manage.initialize")}
          </Button>
        </div>
      )}
      {(m.step === "enable" || m.step === "disable") && (
        <div className="pt-form">
          <p className="pt-muted" data-testid="trading-status">
            {tradingEnabled ? t("manage.enabled") : t("manage.disabled")}
          </p>
          <Button
            type={m.step === "enable" ? "primary" : "default"}
            size="large"
            block
            loading={m.busy === "enable" || m.busy === "disable"}
            disabled={busy}
            onClick={() =>
              onAction(() => m.setTrading(m.step === "enable"), m.step === "enable" ? "enable" : "disable")
            }
            data-testid="module-toggle"
          >
            {m.busy === "enable" || m.busy === "disable"
              ? t("manage.waiting")
              : m.step === "enable"
                ? t("manage.enable")
                : t("manage.disable")}
          </Button>
        </div>
      )}
    </section>
  );
}
