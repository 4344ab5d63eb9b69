import { Button, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { recipientInvalid } from "./rules.ts";
import type { RecipientState } from "./useRecipient.ts";

/** Expert mode's recipient: an "Add a recipient" link, or the field with its remove link. */
export function RecipientField({ recipient }: { recipient: RecipientState }) {
  const { t } = useTranslation("swap");
  if (!recipient.shown) {
    return (
      <Button type="link" size="small" onClick={recipient.open} data-testid="add-recipient">
        {t("addRecipient")}
      </Button>
    );
  }
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
        status={recipientInvalid(recipient.check, recipient.resolved) ? "error" : undefined}
        value={recipient.raw}
        data-testid="recipient-input"
        onChange={(e) => recipient.setRaw(e.target.value)}
      />
    </div>
  );
}
