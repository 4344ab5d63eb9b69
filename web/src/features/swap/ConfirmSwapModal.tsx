import { ArrowDownOutlined } from "@ant-design/icons";
import { formatDisplayAmount, minimumAmountOut } from "@sofi/core";
import { Alert, Button, Input, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSettings } from "../../kernel/settings-store.ts";
import { confirmDisabled, confirmRecipient, formatImpact, needsConfirmWord } from "./rules.ts";
import { useSwapMessage } from "./useSwapMessage.ts";
import type { SwapState } from "./useSwapState.ts";

/** "Confirm swap": the quote it shows is the one it sends; a newer quote must be accepted first. */
export function ConfirmSwapModal({ s }: { s: SwapState }) {
  const { t } = useTranslation("swap");
  const message = useSwapMessage();
  const slippageBps = useSettings((st) => st.userSlippageTolerance);
  const { confirm, inputToken, outputToken, impactLevel } = s;
  const shown = confirm.shown;
  const needsWord = needsConfirmWord(impactLevel);
  // Where the funds go, when that is not the connected account.
  const to = confirmRecipient(s.recipient.check, s.recipient.resolved);
  return (
    <Modal
      open={confirm.open}
      title={t("confirmSwap")}
      onCancel={confirm.close}
      footer={null}
      width={420}
      destroyOnHidden
    >
      {shown && inputToken && outputToken && (
        <div className="swap-confirm" data-testid="confirm-dialog">
          <div className="swap-confirm-amount" data-testid="confirm-in">
            {formatDisplayAmount(shown.amountIn, inputToken.decimals)} {inputToken.symbol}
          </div>
          <ArrowDownOutlined />
          <div className="swap-confirm-amount" data-testid="confirm-out">
            {formatDisplayAmount(shown.amountOut, outputToken.decimals)} {outputToken.symbol}
          </div>
          <Typography.Paragraph type="secondary">
            {t("outputEstimated", {
              amount: formatDisplayAmount(minimumAmountOut(shown.amountOut, slippageBps), outputToken.decimals),
              symbol: outputToken.symbol,
            })}
          </Typography.Paragraph>
          <dl className="swap-details">
            <dt>{t("minimumReceived")}</dt>
            <dd>
              {formatDisplayAmount(minimumAmountOut(shown.amountOut, slippageBps), outputToken.decimals)}{" "}
              {outputToken.symbol}
            </dd>
            <dt>{t("priceImpact")}</dt>
            <dd className={`impact-${impactLevel}`}>{formatImpact(s.q.impactBps)}</dd>
            <dt>{t("router")}</dt>
            <dd>{shown.routerName}</dd>
            {to && (
              <>
                <dt>{t("sendTo")}</dt>
                <dd className="mono break-all" data-testid="confirm-recipient">
                  {to.name ? `${to.name} (${to.address})` : to.address}
                </dd>
              </>
            )}
          </dl>
          {confirm.changed && (
            <Alert
              type="warning"
              showIcon
              data-testid="price-updated"
              message={t("priceUpdated")}
              action={
                <Button size="small" type="primary" onClick={confirm.acceptNewPrice}>
                  {t("acceptPrice")}
                </Button>
              }
            />
          )}
          {needsWord && (
            <Input
              aria-label={t("typeConfirm")}
              placeholder={t("typeConfirmPlaceholder")}
              value={confirm.word}
              onChange={(e) => confirm.setWord(e.target.value)}
            />
          )}
          {needsWord && <Typography.Text type="danger">{t("typeConfirm")}</Typography.Text>}
          {s.txError && <Alert type="error" showIcon message={message(s.txError)} />}
          <Button
            type="primary"
            size="large"
            block
            danger={impactLevel >= 3}
            loading={s.busy === "swap"}
            disabled={confirmDisabled({
              quoteChanged: confirm.changed,
              buttonKind: s.button.kind,
              impactLevel,
              confirmWord: confirm.word,
            })}
            data-testid="confirm-swap"
            onClick={confirm.swap}
          >
            {impactLevel >= 3 ? t("swapAnyway") : t("confirmButton")}
          </Button>
        </div>
      )}
    </Modal>
  );
}
