import { WalletOutlined } from "@ant-design/icons";
import { formatDisplayAmount, PROMOTE_DECIMALS } from "@sofi/core";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import type { SlotProps } from "../../kernel/feature.ts";
import { usePromotionTreasury } from "./useWithdrawState.ts";
import { useWithdrawDialog } from "./withdraw-store.ts";

/**
 * The account panel's "Withdraw promotion SOFI" button (the `account.panel` contribution, issue 21
 * §4): only when the connected wallet owns the promotion contract (read on chain), with what the
 * contract holds. `close` runs first (the wallet dialog closes, so the withdraw dialog is not
 * stacked on it).
 */
export function WithdrawEntry({ close }: SlotProps["account.panel"]) {
  const { t } = useTranslation("portfolio-promote");
  const { isOwner, held, info } = usePromotionTreasury({ readHeld: true });
  const show = useWithdrawDialog((s) => s.show);
  if (!isOwner || !info) return null;
  const amount = held === undefined ? null : formatDisplayAmount(held, PROMOTE_DECIMALS);
  return (
    <Button
      block
      icon={<WalletOutlined aria-hidden />}
      data-testid="promotion-withdraw-open"
      aria-label={amount === null ? t("withdraw.open") : t("withdraw.openAria", { amount })}
      onClick={() => {
        close();
        show();
      }}
    >
      {t("withdraw.open")}
      {amount !== null && <span className="withdraw-entry-held"> · {amount} SOFI</span>}
    </Button>
  );
}
