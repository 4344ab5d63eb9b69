import { SwapOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { chainConfig, useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { converterOf } from "./rules.ts";
import { useConvertDialog } from "./store.ts";

/**
 * The account panel's "Convert RAI to SOFI" button (its `account.panel` contribution): shown when
 * the app's network has a converter. `close` runs first (the wallet dialog closes, so the convert
 * dialog is not stacked on it).
 */
export function ConvertEntry({ close }: { close?: () => void }) {
  const { t } = useTranslation("sofi-convert");
  const chainId = useSettings((s) => s.chainId);
  const config = useAppConfig();
  const show = useConvertDialog((s) => s.show);
  if (!converterOf(chainConfig(config, chainId)?.deployment)) return null;
  return (
    <Button
      block
      icon={<SwapOutlined />}
      data-testid="convert-open"
      onClick={() => {
        close?.();
        show();
      }}
    >
      {t("open")}
    </Button>
  );
}
