import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { type AppConfig, AppConfigContext } from "../../kernel/config.ts";
import { FeaturesContext } from "../../kernel/feature.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { feature as profile } from "../profile/index.ts";
import { useAppModal } from "../shell/index.ts";
import { useTransactions } from "../transactions/index.ts";
import { BlockedGate } from "./BlockedGate.tsx";
import { DEV_WALLET_ACCOUNT_KEY, DEV_WALLET_CONNECTED_KEY, devAddress } from "./dev-wallet.ts";
import { WalletProvider } from "./WalletProvider.tsx";
import { WalletStatus } from "./WalletStatus.tsx";
import { shortenAddress, useWalletUi } from "./wallet-ui.ts";

const config = (blocked: string[] = []): AppConfig => ({
  chains: [{ id: 31337, suffix: "local", name: "Local", rpcUrl: "http://127.0.0.1:1", deployment: null }],
  blockedAddresses: blocked,
});

/** The profile feature adds the account panel's Profile link (its `account.panel` contribution). */
const FEATURES = [profile];

function App({ cfg }: { cfg: AppConfig }) {
  return (
    <MemoryRouter>
      <AppConfigContext.Provider value={cfg}>
        <FeaturesContext.Provider value={FEATURES}>
          <WalletProvider>
            <BlockedGate>
              <div>app body</div>
              <WalletStatus />
            </BlockedGate>
          </WalletProvider>
        </FeaturesContext.Provider>
      </AppConfigContext.Provider>
    </MemoryRouter>
  );
}

let contentRenders = 0;
/** Counts its renders: a blocked account's restore must never render it. */
function Content() {
  contentRenders += 1;
  return <div>app body</div>;
}

beforeAll(async () => {
  await initI18n("en");
});

beforeEach(() => {
  useSettings.setState({ chainId: 31337 });
  useAppModal.setState({ openModal: null });
  useWalletUi.setState({ view: "options", walletError: undefined, pendingError: undefined });
});

function restoreDevSession(index: number) {
  localStorage.setItem("wallet_type", "devWallet");
  localStorage.setItem(DEV_WALLET_CONNECTED_KEY, "true");
  localStorage.setItem(DEV_WALLET_ACCOUNT_KEY, String(index));
}

describe("wallet UI on the local chain", () => {
  it("shows Connect wallet, offers the dev wallet, connects the picked account and shows the account view", async () => {
    render(<App cfg={config()} />);
    fireEvent.click(screen.getByRole("button", { name: "Connect wallet" }));
    expect(await screen.findByText("WalletConnect", {}, { timeout: 10_000 })).toBeTruthy();
    // Without a project id the option says so in product words (issue 9 #17), not the build variable.
    expect(screen.getByText("Not available on this deployment.")).toBeTruthy();
    expect(screen.queryByText(/VITE_WALLETCONNECT_PROJECT_ID/)).toBeNull();
    // jsdom has no injected wallet: the install link is offered instead.
    expect(screen.getByText("Install MetaMask")).toBeTruthy();
    fireEvent.click(screen.getByTestId("wallet-option-devWallet"));
    fireEvent.click(await screen.findByTestId("dev-account-1"));
    fireEvent.click(screen.getByTestId("dev-wallet-connect"));
    const short = shortenAddress(devAddress(1));
    expect(await screen.findByTestId("account-panel")).toBeTruthy();
    expect(screen.getByTestId("account-address").textContent).toBe(short);
    expect(screen.getByTestId("wallet-type").textContent).toBe("Connected with Dev wallet");
    expect((await screen.findByTestId("profile-link")).getAttribute("href")).toBe(`/sts/profile/${devAddress(1)}`);
    expect(screen.getByTestId("wallet-status").textContent).toContain(short);
    expect(localStorage.getItem("wallet_type")).toBe("devWallet");
  });

  it("keeps the picked dev account when the list is mounted again, and connects that account", async () => {
    render(<App cfg={config()} />);
    fireEvent.click(screen.getByRole("button", { name: "Connect wallet" }));
    fireEvent.click(await screen.findByTestId("wallet-option-devWallet", {}, { timeout: 10_000 }));
    const radio = async (i: number) => {
      const el = await screen.findByTestId(`dev-account-${i}`);
      return (el instanceof HTMLInputElement ? el : el.querySelector("input")) as HTMLInputElement;
    };
    fireEvent.click(await radio(3));
    expect((await radio(3)).checked).toBe(true);
    // Back to the options and into the list again: a new list, the same pick (the e2e flake of
    // stop 29 connected account 0 after the list was mounted again between the pick and Connect).
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    fireEvent.click(await screen.findByTestId("wallet-option-devWallet"));
    expect((await radio(3)).checked).toBe(true);
    expect((await radio(0)).checked).toBe(false);
    fireEvent.click(screen.getByTestId("dev-wallet-connect"));
    await screen.findByTestId("account-panel");
    expect(screen.getByTestId("account-address").textContent).toBe(shortenAddress(devAddress(3)));
  });

  it("opened on the wallet options while connected (change wallet), the dialog stays on them", async () => {
    restoreDevSession(4);
    render(<App cfg={config()} />);
    await waitFor(() =>
      expect(screen.getByTestId("wallet-status").textContent).toContain(shortenAddress(devAddress(4))),
    );
    act(() => useWalletUi.getState().openDialog("options"));
    expect(await screen.findByTestId("wallet-option-devWallet", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId("account-panel")).toBeNull();
    expect(useWalletUi.getState().view).toBe("options");
  });

  it("restores a dev wallet session from wallet_type with the remembered account", async () => {
    restoreDevSession(4);
    render(<App cfg={config()} />);
    await waitFor(() =>
      expect(screen.getByTestId("wallet-status").textContent).toContain(shortenAddress(devAddress(4))),
    );
  });

  it("a blocked account sees only Blocked address", async () => {
    restoreDevSession(9);
    render(<App cfg={config([devAddress(9).toLowerCase()])} />);
    expect(await screen.findByText("Blocked address")).toBeTruthy();
    expect(screen.queryByText("app body")).toBeNull();
  });

  it("a blocked account never sees the content, not even while its session is being restored", async () => {
    restoreDevSession(9);
    contentRenders = 0;
    render(
      <MemoryRouter>
        <AppConfigContext.Provider value={config([devAddress(9).toLowerCase()])}>
          <WalletProvider>
            <BlockedGate fallback={<div data-testid="restoring">restoring</div>}>
              <Content />
            </BlockedGate>
          </WalletProvider>
        </AppConfigContext.Provider>
      </MemoryRouter>,
    );
    expect(screen.getByTestId("restoring")).toBeTruthy();
    expect(await screen.findByText("Blocked address")).toBeTruthy();
    expect(contentRenders).toBe(0);
  });

  it("without a remembered session the content shows at once", () => {
    render(<App cfg={config()} />);
    expect(screen.getByText("app body")).toBeTruthy();
  });

  it("keeps the restored connection when the app above re-renders (language or theme switch)", async () => {
    restoreDevSession(2);
    const cfg = config();
    const view = render(<App cfg={cfg} />);
    const short = shortenAddress(devAddress(2));
    await waitFor(() => expect(screen.getByTestId("wallet-status").textContent).toContain(short));
    view.rerender(<App cfg={cfg} />);
    view.rerender(<App cfg={cfg} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId("wallet-status").textContent).toContain(short);
  });

  it("never offers the dev wallet when the selected chain is not local", async () => {
    useSettings.setState({ chainId: 8453 });
    const cfg: AppConfig = {
      chains: [
        ...config().chains,
        { id: 8453, suffix: "base", name: "Base", rpcUrl: "http://127.0.0.1:2", deployment: null },
      ],
      blockedAddresses: [],
    };
    render(<App cfg={cfg} />);
    fireEvent.click(screen.getByRole("button", { name: "Connect wallet" }));
    expect(await screen.findByText("WalletConnect", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId("wallet-option-devWallet")).toBeNull();
  });

  it("shows Wrong Network in the header and the dialog when the wallet is on a chain the app does not serve", async () => {
    restoreDevSession(1);
    localStorage.setItem("dev_wallet_chain", "1337");
    render(<App cfg={config()} />);
    await waitFor(() => expect(screen.getByTestId("wallet-status").textContent).toBe("Wrong Network"));
    act(() => fireEvent.click(screen.getByTestId("wallet-status")));
    expect(
      await screen.findByText("Please connect to the appropriate Ethereum network", {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId("wallet-switch-network").textContent).toBe("Switch to Local");
  });

  it("shows the count of pending transactions instead of the address", async () => {
    useTransactions.setState({ byChain: {} });
    restoreDevSession(1);
    render(<App cfg={config()} />);
    await waitFor(() =>
      expect(screen.getByTestId("wallet-status").textContent).toContain(shortenAddress(devAddress(1))),
    );
    act(() => {
      useTransactions.getState().add({ hash: "0xaa", from: devAddress(1), chainId: 31337, summary: "Swap" });
      useTransactions.getState().add({ hash: "0xbb", from: devAddress(1), chainId: 31337, summary: "Approve" });
    });
    await waitFor(() => expect(screen.getByTestId("wallet-status").textContent).toBe("2 Pending"));
    act(() =>
      useTransactions.getState().finalize(31337, "0xaa", {
        blockHash: "0x1",
        blockNumber: 1,
        from: devAddress(1),
        status: 1,
        transactionHash: "0xaa",
        transactionIndex: 0,
      }),
    );
    await waitFor(() => expect(screen.getByTestId("wallet-status").textContent).toBe("1 Pending"));
  });

  it("a wallet error shows Error in the header and the error view with Try Again", async () => {
    render(<App cfg={config()} />);
    act(() => useWalletUi.getState().setWalletError("provider crashed"));
    await waitFor(() => expect(screen.getByTestId("wallet-status").textContent).toBe("Error"));
    fireEvent.click(screen.getByTestId("wallet-status"));
    expect(await screen.findByText("Error connecting. Try refreshing the page", {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByTestId("wallet-options")).toBeTruthy();
    expect(screen.getByTestId("wallet-status").textContent).toBe("Connect wallet");
  });
});
