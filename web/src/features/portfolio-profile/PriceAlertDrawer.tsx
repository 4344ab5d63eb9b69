import type { PortfolioListItem } from "@sofi/core";
import { Alert, Button, Drawer, Form, Input, Skeleton, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../kernel/api.ts";
import { formatUsd } from "../portfolios/index.ts";
import { ALERT_MESSAGE_KEYS, type PriceAlertState, usePriceAlert } from "./usePriceAlert.ts";

/** The drawer's width on wide screens; on narrow ones it takes the whole width. */
const DRAWER_WIDTH = 420;

/** One threshold: the upper (`up`) or lower (`down`) value per set that fires the alert. */
function PriceField(props: { side: "up" | "down"; a: PriceAlertState; value: string; message: (m: string) => string }) {
  const { side, a, value } = props;
  const { t } = useTranslation("portfolio-profile");
  const problem = a.problems[side];
  const id = `pr-alert-${side}`;
  return (
    <Form.Item
      label={t(side === "up" ? "alertUp" : "alertDown")}
      htmlFor={id}
      validateStatus={problem ? "error" : undefined}
      help={problem ? <span data-testid={`alert-${side}-error`}>{props.message(problem)}</span> : undefined}
    >
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        prefix="$"
        placeholder={t(side === "up" ? "alertUpPlaceholder" : "alertDownPlaceholder", { value })}
        value={a.form[side]}
        onChange={(e) => (side === "up" ? a.setUp : a.setDown)(e.target.value)}
        data-testid={`alert-${side}`}
      />
    </Form.Item>
  );
}

/** The alert's fields once the signed read answered (the view of PriceAlertState; tested alone). */
export function PriceAlertForm(props: { a: PriceAlertState; valuePerSet: number; onCancel: () => void }) {
  const { a, valuePerSet } = props;
  const { t } = useTranslation("portfolio-profile");
  const tr = (m: string) => {
    const key = ALERT_MESSAGE_KEYS[m];
    return key ? t(key) : m;
  };
  const value = formatUsd(valuePerSet);
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={() => a.submit()}
      className="pr-alert-form"
      data-testid="price-alert-form"
    >
      <p className="pr-alert-value">
        <span className="pr-label">{t("currentValue")}</span> <strong data-testid="price-alert-value">{value}</strong>
      </p>
      <p className="pr-hint">{t("alertHint")}</p>
      <PriceField side="up" a={a} value={value} message={tr} />
      <PriceField side="down" a={a} value={value} message={tr} />
      <Form.Item
        label={t("alertDiscord")}
        htmlFor="pr-alert-discord"
        validateStatus={a.problems.discord ? "error" : undefined}
        help={a.problems.discord ? <span data-testid="alert-discord-error">{tr(a.problems.discord)}</span> : undefined}
        extra={t("alertDiscordHint")}
      >
        <Input
          id="pr-alert-discord"
          inputMode="url"
          autoComplete="off"
          placeholder="https://discord.com/api/webhooks/…"
          value={a.form.discord}
          onChange={(e) => a.setDiscord(e.target.value)}
          data-testid="alert-discord"
        />
      </Form.Item>
      <div className="pr-alert-switch">
        <Switch
          id="pr-alert-trade"
          checked={a.tradeAlert}
          onChange={a.setTradeAlert}
          aria-describedby="pr-alert-trade-hint"
          data-testid="alert-trade"
        />
        <label htmlFor="pr-alert-trade">
          <span>{t("tradeAlert")}</span>
          <span id="pr-alert-trade-hint" className="pr-hint">
            {t("tradeAlertHint")}
          </span>
        </label>
      </div>
      {a.serverError && (
        <Alert
          type="error"
          showIcon
          title={`${t("setting_failed")} ${tr(a.serverError)}`}
          data-testid="price-alert-error"
          className="pr-alert-server"
        />
      )}
      <div className="pr-form-buttons">
        <Button onClick={props.onCancel}>{t("cancel")}</Button>
        <Button type="primary" htmlType="submit" loading={a.saving} data-testid="price-alert-save">
          {t("save")}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The price-alert drawer of one of the manager's created portfolios (spec 001 §2 Modals, §5, §8):
 * loading while the signed read of the alert runs (the wallet may be asked to sign), its error with
 * a retry, then the form.
 */
export function PriceAlertDrawer(props: {
  chain: string;
  account: string | undefined;
  portfolio: PortfolioListItem;
  onClose: () => void;
  /** After a successful save (the list toasts setting_success and closes the drawer). */
  onSaved: () => void;
}) {
  const { portfolio: p, onClose } = props;
  const { t } = useTranslation("portfolio-profile");
  const a = usePriceAlert({
    chain: props.chain,
    set: p.address,
    account: props.account,
    valuePerSet: p.value_per_set,
    onSaved: props.onSaved,
  });
  return (
    <Drawer
      open
      onClose={onClose}
      title={t("alertTitle", { name: p.name })}
      placement="right"
      size={DRAWER_WIDTH}
      closable={{ "aria-label": t("close") }}
      rootClassName="pr-alert-root"
      data-testid="price-alert-drawer"
    >
      {a.settings.isPending ? (
        <div aria-busy="true" data-testid="price-alert-loading">
          <p className="pr-hint">{t("alertLoading")}</p>
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      ) : a.settings.isError ? (
        <Alert
          type="error"
          showIcon
          title={t("alertLoadError")}
          description={
            a.settings.error instanceof ApiError
              ? (a.settings.error.apiMessage ?? a.settings.error.message)
              : a.settings.error.message
          }
          action={
            <Button size="small" onClick={() => void a.settings.refetch()}>
              {t("retry")}
            </Button>
          }
          data-testid="price-alert-load-error"
        />
      ) : (
        <PriceAlertForm a={a} valuePerSet={p.value_per_set} onCancel={onClose} />
      )}
    </Drawer>
  );
}
