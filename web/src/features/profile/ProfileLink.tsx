import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SlotProps } from "../../kernel/feature.ts";

/** The account panel's link to the connected account's profile (closes the wallet dialog). */
export default function ProfileLink({ account, close }: SlotProps["account.panel"]) {
  const { t } = useTranslation("profile");
  return (
    <Link to={`/sts/profile/${account}`} onClick={close} data-testid="profile-link">
      {t("accountLink")}
    </Link>
  );
}
