import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../i18n/index.ts";
import { type AppConfig, AppConfigContext } from "../kernel/config.ts";
import { useSettings } from "../kernel/settings-store.ts";
import { HeaderWalletSlot, WalletHost } from "./wallet-host.tsx";

const config: AppConfig = {
  chains: [{ id: 31337, suffix: "local", name: "Local", rpcUrl: "http://127.0.0.1:1", deployment: null }],
  blockedAddresses: [],
};

beforeAll(async () => {
  await initI18n("en");
});

describe("lazily mounted wallet slice", () => {
  it("the header slot is a placeholder with an accessible name outside the wallet slice", () => {
    render(<HeaderWalletSlot />);
    expect(screen.getByRole("status", { name: "Loading wallet…" })).toBeTruthy();
    expect(screen.queryByTestId("wallet-status")).toBeNull();
  });

  it("shows the fallback first, then the content inside the wallet providers with the real wallet button", async () => {
    useSettings.setState({ chainId: 31337 });
    render(
      <MemoryRouter>
        <AppConfigContext.Provider value={config}>
          <WalletHost fallback={<div data-testid="fallback">loading</div>}>
            <div data-testid="content">content</div>
            <HeaderWalletSlot />
          </WalletHost>
        </AppConfigContext.Provider>
      </MemoryRouter>,
    );
    expect(screen.getByTestId("fallback")).toBeTruthy();
    expect(screen.queryByTestId("content")).toBeNull();
    expect(await screen.findByTestId("content", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId("wallet-status").textContent).toBe("Connect wallet");
    expect(screen.queryByTestId("fallback")).toBeNull();
  });
});
