import { Button, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { UnlistedTokens } from "./useUnlistedTokens.ts";

/** The warning for URL tokens that no active list holds: dismiss (back to /swap/) or accept them. */
export function UnlistedTokensModal({ unlisted }: { unlisted: UnlistedTokens }) {
  const { t } = useTranslation("swap");
  const navigate = useNavigate();
  return (
    <Modal
      open={unlisted.warning}
      title={t("unlistedTitle")}
      closable={false}
      maskClosable={false}
      footer={[
        <Button key="back" onClick={() => navigate("/swap/")} data-testid="unlisted-dismiss">
          {t("dismiss")}
        </Button>,
        <Button key="ok" type="primary" onClick={unlisted.accept} data-testid="unlisted-accept">
          {t("iUnderstand")}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t("unlistedBody")}</Typography.Paragraph>
      <ul className="swap-unlisted" data-testid="unlisted-list">
        {unlisted.tokens.map(({ address, symbol }) => (
          <li key={address}>
            <strong>{symbol ?? "UNKNOWN"}</strong> <code>{address}</code>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
