import { message as antMessage, notification as antNotification } from "antd";
import { useTranslation } from "react-i18next";
import { type TradeOutcome, useTrade } from "../portfolios/index.ts";
import { ExitFeeForm } from "./ExitFeeForm.tsx";
import { ManagePanel } from "./ManagePanel.tsx";
import { RebalanceForm } from "./RebalanceForm.tsx";
import { TradeForm } from "./TradeForm.tsx";
import { type ManageAction, useManage } from "./useManage.ts";
import type { TradeView } from "./useTradeView.ts";

/**
 * Spec 001 §8: a buy failure is an error notification; sell and manage failures a browser alert
 * with the message; a rejection (4001) says the spec's "User cancelled the transaction.".
 */
function useOutcomes() {
  const { t } = useTranslation("portfolio-trade");
  const [message, messageHolder] = antMessage.useMessage();
  const [notification, notificationHolder] = antNotification.useNotification();
  const text = (o: Exclude<TradeOutcome, { ok: true }>) => (o.cancelled ? t("cancelled") : o.message || t("failed"));
  return {
    holders: (
      <>
        {messageHolder}
        {notificationHolder}
      </>
    ),
    notify: (o: TradeOutcome, success: string) => {
      if (o.ok) void message.success(success);
      else notification.error({ title: text(o), placement: "bottomRight" });
    },
    alert: (o: TradeOutcome, success: string) => {
      if (o.ok) void message.success(success);
      else window.alert(text(o));
    },
  };
}

/** The buy or sell panel of the trade view. */
export function BuySellPanel({ v, side }: { v: TradeView; side: "buy" | "sell" }) {
  const { t } = useTranslation("portfolio-trade");
  const s = useTrade(v, side);
  const out = useOutcomes();
  const d = v.d;
  if (!d) return null;
  const report = side === "buy" ? out.notify : out.alert;
  const exitFeePercent = (v.exitFeeBps ?? Math.round(d.fee * 100)) / 100;
  return (
    <>
      {out.holders}
      <TradeForm
        s={s}
        symbol={d.symbol}
        decimals={d.decimals}
        exitFeePercent={exitFeePercent}
        onApprove={async () => {
          const o = await s.approve();
          const symbol = side === "buy" ? (s.token?.symbol ?? "") : d.symbol;
          report(o, t("approved", { symbol }));
          return o;
        }}
        onTrade={async () => {
          const o = await s.trade();
          report(o, side === "buy" ? t("bought", { symbol: d.symbol }) : t("sold", { symbol: d.symbol }));
          return o;
        }}
      />
    </>
  );
}

/** The manage panel: the trading module's steps, then the rebalance once it is the manager's. */
export function ManageView({ v }: { v: TradeView }) {
  const { t } = useTranslation("portfolio-trade");
  const m = useManage(v);
  const out = useOutcomes();
  const symbol = v.d?.symbol ?? "";
  const onAction = (run: () => Promise<TradeOutcome>, action: ManageAction) => {
    void run().then((o) => out.alert(o, t(`manage.done.${action}`, { symbol })));
  };
  const connected = !!v.account;
  return (
    <div className="pt-manage-stack">
      {out.holders}
      <ManagePanel
        m={m}
        moduleState={v.moduleState}
        tradingEnabled={v.tradingEnabled}
        connected={connected}
        isManager={v.isManager}
        onAction={onAction}
      />
      {connected && v.isManager && v.moduleState === 2 && (
        <ExitFeeForm f={m.exitFee} busy={m.busy === "exitFee"} onSave={() => onAction(m.exitFee.save, "exitFee")} />
      )}
      {connected && v.isManager && <RebalanceForm m={m} onAction={onAction} />}
    </div>
  );
}
