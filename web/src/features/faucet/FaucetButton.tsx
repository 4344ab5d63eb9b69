import { ExperimentOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConnection } from "wagmi";
import { chainConfig, useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { faucetUsdt } from "./rules.ts";
import { useFaucetDialog } from "./store.ts";
import "./faucet.css";

/** Loaded when first opened, then kept mounted (its state lives while the wallet stays the same). */
const FaucetDialog = lazy(() => import("./FaucetDialog.tsx"));

/**
 * The header's "Get test token" button (spec 001 §2 faucet dialog): shown while a wallet is
 * connected and the app's network has a faucet. Icon only on narrow screens (its label stays the
 * accessible name).
 */
export function FaucetButton() {
  const { t } = useTranslation("faucet");
  const chainId = useSettings((s) => s.chainId);
  const config = useAppConfig();
  const { address, status } = useConnection();
  const open = useFaucetDialog((s) => s.open);
  const show = useFaucetDialog((s) => s.show);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  const available =
    status === "connected" && !!address && !!faucetUsdt(chainId, chainConfig(config, chainId)?.deployment);
  if (!available) return null;
  return (
    <>
      <Button
        icon={<ExperimentOutlined />}
        onClick={show}
        aria-label={t("open")}
        title={t("open")}
        className="faucet-open"
        data-testid="faucet-open"
      >
        <span className="faucet-open-label">{t("open")}</span>
      </Button>
      {(open || used) && (
        <Suspense fallback={null}>
          {/* a new wallet starts a fresh dialog (mode, links, usernames) */}
          <FaucetDialog key={address} />
        </Suspense>
      )}
    </>
  );
}
