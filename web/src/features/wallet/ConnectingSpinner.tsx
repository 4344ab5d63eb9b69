import { SPLASH_SPINNER_DELAY_MS } from "@sofi/core";
import { Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConnection } from "wagmi";

/** Spec 000 §2: a full-screen spinner while connecting, appearing only after 600 ms. */
export function ConnectingSpinner() {
  const { t } = useTranslation("wallet");
  const { status } = useConnection();
  const connecting = status === "connecting" || status === "reconnecting";
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!connecting) {
      setShow(false);
      return;
    }
    const timer = setTimeout(() => setShow(true), SPLASH_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [connecting]);
  return show ? <Spin fullscreen tip={t("connecting")} data-testid="wallet-connecting-spinner" /> : null;
}
