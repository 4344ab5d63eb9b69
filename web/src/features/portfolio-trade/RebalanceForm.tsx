import { sanitizeAmountInput } from "@sofi/core";
import { Alert, Button, Input, Select, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { TradeOutcome } from "../portfolios/index.ts";
import { TokenLogo } from "../tokens/index.ts";
import { amountText } from "./TradeForm.tsx";
import type { ManageAction, ManageState } from "./useManage.ts";

export type RebalanceFormProps = {
  m: ManageState;
  onAction: (run: () => Promise<TradeOutcome>, action: ManageAction) => void;
};

/**
 * The manage swap (spec 001 §2 "Manage swap disabled on insufficient balance", §7 "manage trade
 * with best route quote (at most 3 hops, 1 result)"): a component, an amount per set (Max fills what
 * one set holds), a token to receive; every DEX's quote with the best one TradeModule can trade
 * through marked; the minimum per set at the 10 % slippage tolerance.
 */
export function RebalanceForm({ m, onAction }: RebalanceFormProps) {
  const { t } = useTranslation("portfolio-trade");
  const send = m.send;
  const receive = m.receive;
  const busy = m.busy !== null;
  const block = m.block;
  let label = t("manage.swap");
  if (m.busy === "rebalance") label = t("manage.waiting");
  else if (block) {
    if (block.key === "insufficientBalance") label = t("blocks.insufficientBalance", { symbol: block.symbol });
    else if (block.key === "tooManyDecimals") label = t("blocks.tooManyDecimals", { decimals: block.decimals });
    else label = t(`blocks.${block.key}`);
  }
  const logoOption = (o: { label?: unknown }) => (
    <span className="pt-token-option">
      <TokenLogo token={{ symbol: String(o.label) }} size={20} />
      {String(o.label)}
    </span>
  );
  return (
    <section className="pt-manage" aria-labelledby="pt-rebalance-title" data-testid="rebalance">
      <h2 id="pt-rebalance-title" className="pt-section-title">
        {t("manage.rebalanceTitle")}
      </h2>
      <p className="pt-muted">{t("manage.rebalanceHelp")}</p>
      {m.tradeModuleReady === false && <Alert type="warning" showIcon title={t("manage.tradeModuleMissing")} />}
      <div className="pt-form">
        <label htmlFor="pt-send-token">{t("manage.sendToken")}</label>
        <Select
          id="pt-send-token"
          size="large"
          className="pt-token-select"
          value={send?.address.toLowerCase()}
          onChange={(k: string) => m.setSendKey(k)}
          disabled={busy}
          options={m.components.map((c) => ({ value: c.address.toLowerCase(), label: c.symbol }))}
          optionRender={logoOption}
          labelRender={logoOption}
          data-testid="send-select"
        />
        <div className="pt-field-head">
          <label htmlFor="pt-per-set">{t("manage.perSet")}</label>
          {send && (
            <span data-testid="holds">
              {t("manage.holds")}: {amountText(send.unit, send.decimals, send.symbol)}
            </span>
          )}
        </div>
        <Input
          id="pt-per-set"
          size="large"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={m.unitText}
          maxLength={79}
          aria-label={send ? t("manage.perSetLabel", { symbol: send.symbol }) : t("manage.perSet")}
          onChange={(e) => {
            const v = sanitizeAmountInput(e.target.value);
            if (v !== null) m.setUnitText(v);
          }}
          suffix={
            <Button
              size="small"
              type="link"
              disabled={!send || busy}
              onClick={() => m.maxUnit()}
              aria-label={send ? t("manage.maxPerSetLabel", { symbol: send.symbol }) : t("max")}
              data-testid="rebalance-max"
            >
              {t("max")}
            </Button>
          }
          data-testid="per-set"
        />
        <label htmlFor="pt-receive-token">{t("manage.receiveToken")}</label>
        <Select
          id="pt-receive-token"
          size="large"
          className="pt-token-select"
          value={receive?.address.toLowerCase()}
          onChange={(k: string) => m.setReceiveKey(k)}
          disabled={busy}
          showSearch={{ optionFilterProp: "label" }}
          options={m.receiveTokens.map((x) => ({ value: x.address.toLowerCase(), label: x.symbol }))}
          optionRender={logoOption}
          labelRender={logoOption}
          data-testid="receive-select"
        />
      </div>
      {m.routes.length > 0 && receive && (
        <div className="pt-routes" data-testid="routes">
          <span className="pt-muted">{t("manage.routes")}</span>
          <ul>
            {m.routes.map((r) => (
              <li key={r.router} data-testid="route">
                <span>
                  {t("manage.route", {
                    dex: r.dex,
                    amount: amountText(r.receiveUnit, receive.decimals, "").trim(),
                    symbol: receive.symbol,
                  })}{" "}
                  <span className="pt-muted">({t("manage.hops", { count: r.path.length - 1 })})</span>
                </span>
                {m.best?.router === r.router ? (
                  <Tag color="green">{t("manage.best")}</Tag>
                ) : r.integration === null ? (
                  <Tag>{t("manage.noIntegration")}</Tag>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="pt-summary">
        <div>
          <dt>{t("manage.receivePerSet")}</dt>
          <dd data-testid="receive-unit">
            {m.best && receive ? amountText(m.best.receiveUnit, receive.decimals, receive.symbol) : "--"}
          </dd>
        </div>
        <div>
          <dt>{t("manage.minPerSet")}</dt>
          <dd data-testid="min-unit">
            {receive ? amountText(m.minReceiveUnit, receive.decimals, receive.symbol) : "--"}
          </dd>
        </div>
        <div>
          <dt>{t("slippage")}</dt>
          <dd>10%</dd>
        </div>
      </dl>
      <p className="pt-muted pt-small">{t("manage.noDeadline")}</p>
      <Button
        type="primary"
        size="large"
        block
        disabled={block !== null || busy || m.tradeModuleReady === false}
        loading={m.busy === "rebalance"}
        onClick={() => onAction(m.rebalance, "rebalance")}
        data-testid="rebalance-button"
      >
        {label}
      </Button>
    </section>
  );
}
