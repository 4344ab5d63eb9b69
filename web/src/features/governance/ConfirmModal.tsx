import { actionSignature } from "@sofi/core";
import { Modal } from "antd";
import { useTranslation } from "react-i18next";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { formatAmount } from "./format.ts";
import type { CreateState } from "./useCreateState.ts";

/** §4: the confirm modal; confirming sends propose and keeps loading until the receipt. */
export function ConfirmModal({ s }: { s: CreateState }) {
  const { t, i18n } = useTranslation("governance");
  const symbol = s.sofi?.symbol ?? "SOFI";
  const publicity = Math.round((s.settings?.pendingS ?? 5 * 86_400) / 86_400);
  return (
    <Modal
      open={s.confirmOpen}
      title={t("confirmTitle")}
      onCancel={s.closeConfirm}
      onOk={() => void s.create()}
      okText={t("confirm")}
      cancelText={t("cancel")}
      confirmLoading={s.creating}
      cancelButtonProps={{ disabled: s.creating }}
      closable={!s.creating}
      mask={{ closable: !s.creating }}
      okButtonProps={{ "data-testid": "confirm-create" } as Record<string, string>}
      data-testid="confirm-modal"
    >
      <dl className="gv-dl gv-confirm">
        <div>
          <dt>{t("titleField")}</dt>
          <dd>
            <OnChainText>{s.form.title}</OnChainText>
          </dd>
        </div>
        <div>
          <dt>{t("type")}</dt>
          <dd>{t(`kinds.${s.form.kind}`)}</dd>
        </div>
        <div>
          <dt>{t("actions")}</dt>
          <dd>
            <ul className="gv-confirm-actions">
              {s.form.actions.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the actions in their order
                <li key={i}>
                  <code>{actionSignature(a)}</code>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t("voting")}</dt>
          <dd>{t("votingPlan", { publicity, days: s.form.shownDays })}</dd>
        </div>
        <div>
          <dt>{t("stake")}</dt>
          <dd>
            {formatAmount(s.threshold, s.sofi?.decimals ?? 18, i18n.language)} {symbol}
          </dd>
        </div>
      </dl>
      <p className="gv-muted">{t("confirmHint")}</p>
    </Modal>
  );
}
