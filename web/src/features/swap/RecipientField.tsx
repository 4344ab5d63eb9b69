import { Button, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { recipientProblem } from "./rules.ts";
import type { SwapToken } from "./tokens.ts";
import type { RecipientState } from "./useRecipient.ts";
import { useSwapMessage } from "./useSwapMessage.ts";

/** Expert mode's recipient: an "Add a recipient" link, or the field with its remove link. */
export function RecipientField({
  recipient,
  outputToken,
}: {
  recipient: RecipientState;
  outputToken: SwapToken | null;
}) {
  const { t } = useTranslation("swap");
  const message = useSwapMessage();
  if (!recipient.shown) {
    return (
      <Button type="link" size="small" onClick={recipient.open} data-testid="add-recipient">
        {t("addRecipient")}
      </Button>
    );
  }
  const problem = recipientProblem(recipient.check, recipient.resolved, outputToken);
  return (
    <div className="swap-recipient">
      <div className="swap-field-top">
        <Typography.Text type="secondary">{t("recipient")}</Typography.Text>
        <Button type="link" size="small" onClick={recipient.close}>
          {t("removeRecipient")}
        </Button>
      </div>
      <Input
        aria-label={t("recipient")}
        placeholder={t("recipientPlaceholder")}
        status={problem ? "error" : undefined}
        value={recipient.raw}
        data-testid="recipient-input"
        onChange={(e) => recipient.setRaw(e.target.value)}
      />
      {problem && (
        <Typography.Text type="danger" data-testid="recipient-error">
          {message(problem)}
        </Typography.Text>
      )}
    </div>
  );
}
