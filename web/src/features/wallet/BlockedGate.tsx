import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useConnection } from "wagmi";
import { useIsBlocked } from "./hooks.ts";
import { useSessionRestoring } from "./session-state.ts";

/**
 * Spec 000 §2 "Blocked view": a blocked address sees only the text Blocked address. While a
 * remembered session is still being restored the account is not known yet: `fallback` (the
 * shell's loading state) shows instead of the content, so a blocked account never sees it.
 */
export function BlockedGate({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { t } = useTranslation("wallet");
  const { address } = useConnection();
  const blocked = useIsBlocked(address);
  const restoring = useSessionRestoring();
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
  if (restoring) return <>{fallback}</>;
  return <>{children}</>;
}
