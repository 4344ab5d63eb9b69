import type { Language, Theme } from "@sofi/core";
import { LOCAL_CHAIN_ID } from "@sofi/protocol";
import { Drawer, Radio, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { useModal } from "../shell/index.ts";
import { isServedChain, selectableNetworks } from "./networks.ts";
import "./settings.css";

/** Reloads the page; a module-level indirection so tests can observe it. */
export const pageReload = { reload: () => window.location.reload() };

export default function SettingsDrawer() {
  const { t } = useTranslation("settings");
  const [open, , close] = useModal("settings");
  const config = useAppConfig();
  const { pathname } = useLocation();
  const { chainId, setChainId, lang, setLang, theme, setTheme } = useSettings();
  const networks = selectableNetworks({ configChainIds: config.chains.map((c) => c.id), pathname });

  return (
    <Drawer
      open={open}
      onClose={close}
      title={t("title")}
      placement="right"
      size={320}
      closable={{ "aria-label": t("close") }}
      className="settings-drawer"
    >
      <Space orientation="vertical" size="large" style={{ width: "100%" }}>
        <fieldset className="settings-group">
          <legend>
            <Typography.Title level={5}>{t("network")}</Typography.Title>
          </legend>
          <Radio.Group
            value={chainId}
            aria-label={t("network")}
            onChange={(e) => {
              const id = Number(e.target.value);
              if (id === chainId || !isServedChain(config, id)) return;
              setChainId(id);
              // spec 000 §2: the page reloads on a chain change
              pageReload.reload();
            }}
            options={networks.map((c) => {
              const name = c.id === LOCAL_CHAIN_ID ? t("local") : c.name;
              return {
                value: c.id,
                disabled: !c.served,
                label: c.served ? (
                  name
                ) : (
                  <span className="settings-network-unserved" data-testid={`network-unserved-${c.id}`}>
                    {name}
                    <Typography.Text type="secondary" className="settings-network-note">
                      {t("notServed", { network: name })}
                    </Typography.Text>
                  </span>
                ),
              };
            })}
            className="settings-radios"
          />
          <Typography.Text type="secondary" className="settings-note">
            {t("reloadNote")}
          </Typography.Text>
        </fieldset>
        <fieldset className="settings-group">
          <legend>
            <Typography.Title level={5}>{t("language")}</Typography.Title>
          </legend>
          <Radio.Group
            value={lang}
            aria-label={t("language")}
            onChange={(e) => setLang(e.target.value as Language)}
            options={[
              { value: "en", label: t("english") },
              { value: "ko", label: t("korean") },
            ]}
            className="settings-radios"
          />
        </fieldset>
        <fieldset className="settings-group">
          <legend>
            <Typography.Title level={5}>{t("theme")}</Typography.Title>
          </legend>
          <Radio.Group
            value={theme}
            aria-label={t("theme")}
            onChange={(e) => setTheme(e.target.value as Theme)}
            options={[
              { value: "light", label: t("light") },
              { value: "dark", label: t("dark") },
            ]}
            className="settings-radios"
          />
        </fieldset>
      </Space>
    </Drawer>
  );
}
