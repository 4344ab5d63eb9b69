import { SPLASH_SPINNER_DELAY_MS } from "@sofi/core";
import { Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import "./splash-spinner.css";

/** Full-screen spinner that appears only after `active` has stayed true for 600 ms (spec 000 §2). */
export function SplashSpinner({ active, delayMs = SPLASH_SPINNER_DELAY_MS }: { active: boolean; delayMs?: number }) {
  const { t } = useTranslation("shell");
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!active) {
      setVisible(false);
      return;
    }
    const id = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(id);
  }, [active, delayMs]);
  if (!visible) return null;
  return (
    <div className="splash-spinner" role="status" aria-live="polite" aria-label={t("splash.connecting")}>
      <Spin size="large" />
      <span className="splash-text">{t("splash.connecting")}</span>
    </div>
  );
}
