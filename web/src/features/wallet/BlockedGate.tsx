import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useConnection } from "wagmi";
import { useIsBlocked } from "./hooks.ts";

/** Spec 000 §2 "Blocked view": a blocked address sees only the text Blocked address. */
export function BlockedGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation("wallet");
  const { address } = useConnection();
  const blocked = useIsBlocked(address);
  if (blocked) {
    return (
      <div
        data-testid="blocked-view"
        style={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", fontSize: 20 }}
      >
        {t("blocked")}
      </div>
    );
  }
  return <>{children}</>;
}
