import { Button, ConfigProvider, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useSettings } from "../kernel/settings-store.ts";
import { antdThemeFor } from "./theme.ts";

/** Shown when GET /api/config fails: the app cannot know its chains without it. */
export default function ConfigError({ error }: { error: unknown }) {
  const { t } = useTranslation("shell");
  const theme = useSettings((s) => s.theme);
  return (
    <ConfigProvider theme={antdThemeFor(theme)}>
      <main className="config-error">
        <Result
          status="error"
          title={t("config.loadError")}
          subTitle={<code className="break-all">{error instanceof Error ? error.message : String(error)}</code>}
          extra={
            <Button type="primary" onClick={() => window.location.reload()}>
              {t("config.retry")}
            </Button>
          }
        />
      </main>
    </ConfigProvider>
  );
}
