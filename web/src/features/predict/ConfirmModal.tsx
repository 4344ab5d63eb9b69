import { Alert, Checkbox, Modal } from "antd";
import { Trans, useTranslation } from "react-i18next";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import type { MarketPageState } from "./useMarketPage.ts";
import type { TradePanelState } from "./useTradePanel.ts";

/** The terms the checkbox links to (the shell's terms dialog reads the same text). */
export const TERMS_URL = "/terms.txt";

/**
 * §2 'Confirm Transaction': outcome, the SOFI or share amount, the average price, the required Terms
 * of Use checkbox ('Should accept the Terms of Use' when confirmed without it) and Confirm, loading
 * until the wallet sent the transaction.
 */
export function ConfirmModal({ p, s }: { p: MarketPageState; s: TradePanelState }) {
  const { t } = useTranslation("predict");
  const outcomeName = p.m?.outcomeNames[s.outcome] ?? "";
  const action = s.liquidityMode ? (s.side === "buy" ? "addFunding" : "removeFunding") : s.side;
  const unit = s.side === "buy" ? "SOFI" : s.liquidityMode ? t("labels.pool shares") : t("shares");
  const average = s.liquidityMode
    ? null
    : s.side === "buy"
      ? s.figures
        ? s.figures.costPerShare.toFixed(4)
        : null
      : s.sellAverage !== null
        ? s.sellAverage.toFixed(4)
        : null;
  const trading = s.busy === "trade";
  return (
    <Modal
      open={s.confirmOpen}
      title={t("confirmTitle")}
      onCancel={s.closeConfirm}
      onOk={() => void s.confirm()}
      okText={t("confirm")}
      cancelText={t("cancel")}
      confirmLoading={trading}
      cancelButtonProps={{ disabled: trading }}
      closable={!trading}
      mask={{ closable: !trading }}
      okButtonProps={{ "data-testid": "confirm-trade" } as Record<string, string>}
      data-testid="confirm-modal"
      destroyOnHidden
    >
      <dl className="pm-figures pm-confirm">
        <div className="pm-figure">
          <dt>{t("action")}</dt>
          <dd>{t(`actions.${action}`)}</dd>
        </div>
        {!s.liquidityMode && (
          <div className="pm-figure">
            <dt>{t("outcome")}</dt>
            <dd className={s.outcome === 0 ? "is-yes" : "is-no"} data-testid="confirm-outcome">
              <OnChainText>{outcomeName}</OnChainText>
            </dd>
          </div>
        )}
        <div className="pm-figure">
          <dt>{t("amount")}</dt>
          <dd data-testid="confirm-amount">
            {s.text} {unit}
          </dd>
        </div>
        {average !== null && (
          <div className="pm-figure">
            <dt>{t("averagePrice")}</dt>
            <dd data-testid="confirm-average">{average}</dd>
          </div>
        )}
      </dl>
      <Checkbox checked={s.terms} onChange={(e) => s.setTerms(e.target.checked)} data-testid="confirm-terms">
        <Trans
          t={t}
          i18nKey="acceptTerms"
          components={[
            // biome-ignore lint/a11y/useAnchorContent: Trans puts the link's text inside
            <a key="terms" href={TERMS_URL} target="_blank" rel="noopener noreferrer" />,
          ]}
        />
      </Checkbox>
      {s.termsError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="pm-terms-error"
          title={t("messages.terms")}
          data-testid="terms-error"
        />
      )}
    </Modal>
  );
}
