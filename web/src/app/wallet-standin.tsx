import { Button } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Stand-in for web/src/features/wallet until the wallet engineer's module lands.
 * Same export names; app/wallet.ts switches to the real module.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

export function WalletStatus() {
  const { t } = useTranslation("shell");
  return (
    <Button type="primary" disabled>
      {t("wallet.connect")}
    </Button>
  );
}

export function BlockedGate({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
