import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { i18next, initI18n } from "../../i18n/index.ts";
import { type AppConfig, AppConfigContext } from "../../kernel/config.ts";
import { DEFAULT_SETTINGS, useSettings } from "../../kernel/settings-store.ts";
import { useAppModal } from "../shell/index.ts";
import SettingsDrawer, { pageReload } from "./SettingsDrawer.tsx";

const config: AppConfig = {
  chains: [
    { id: 31337, suffix: "local", name: "Local", rpcUrl: "http://127.0.0.1:8545", deployment: null },
    { id: 8453, suffix: "base", name: "Base", rpcUrl: "http://127.0.0.1:8546", deployment: null },
  ],
  blockedAddresses: [],
};
const localOnly: AppConfig = { ...config, chains: config.chains.slice(0, 1) };

function renderDrawer(path = "/sts", appConfig = config) {
  return render(
    <AppConfigContext.Provider value={appConfig}>
      <MemoryRouter initialEntries={[path]}>
        <SettingsDrawer />
      </MemoryRouter>
    </AppConfigContext.Provider>,
  );
}

describe("settings drawer", () => {
  let reloads = 0;
  const realReload = pageReload.reload;
  beforeAll(async () => {
    await initI18n("en");
  });
  beforeEach(() => {
    reloads = 0;
    pageReload.reload = () => {
      reloads += 1;
    };
    useSettings.setState({ ...DEFAULT_SETTINGS, chainId: 31337, lang: "en", theme: "light" });
    useAppModal.setState({ openModal: "settings" });
  });
  afterEach(() => {
    pageReload.reload = realReload;
    useAppModal.setState({ openModal: null });
  });

  it("switches language: persists rai_lang and translates the drawer", async () => {
    renderDrawer();
    fireEvent.click(screen.getByRole("radio", { name: "한국어 (Korean)" }));
    expect(localStorage.getItem("rai_lang")).toBe("ko");
    expect(useSettings.getState().lang).toBe("ko");
    await i18next.changeLanguage("ko");
    expect(await screen.findByText("언어")).toBeTruthy();
    await i18next.changeLanguage("en");
  });

  it("switches theme: persists rai_theme", () => {
    renderDrawer();
    fireEvent.click(screen.getByRole("radio", { name: "Dark" }));
    expect(localStorage.getItem("rai_theme")).toBe("dark");
    expect(useSettings.getState().theme).toBe("dark");
  });

  it("changing network stores it and reloads the page", () => {
    renderDrawer();
    expect(screen.getByRole("radio", { name: "Local" })).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("radio", { name: "Base Mainnet" }));
    expect(useSettings.getState().chainId).toBe(8453);
    expect(useSettings.getState().chainIdChosen).toBe(true);
    expect(reloads).toBe(1);
  });

  it("hides Polygon on /proposals", () => {
    renderDrawer("/proposals");
    expect(screen.queryByRole("radio", { name: "Polygon" })).toBeNull();
    expect(screen.getByRole("radio", { name: /^Ethereum/ })).toBeTruthy();
  });

  it("a network this deployment does not serve is disabled, says so, and is never chosen (issue 9 #22)", async () => {
    renderDrawer("/sts", localOnly);
    const eth = screen.getByRole("radio", { name: /^Ethereum/ });
    expect(eth).toHaveProperty("disabled", true);
    expect(screen.getByText("This deployment does not serve Ethereum")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Local" })).toHaveProperty("disabled", false);
    fireEvent.click(eth);
    expect(useSettings.getState().chainId).toBe(31337);
    expect(reloads).toBe(0);
    await i18next.changeLanguage("ko");
    expect(await screen.findByText("이 배포는 Base Mainnet 네트워크를 지원하지 않습니다")).toBeTruthy();
    await i18next.changeLanguage("en");
  });
});
