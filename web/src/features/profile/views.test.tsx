import type { ManagerInfo } from "@sofi/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { FollowList } from "./FollowList.tsx";
import { TransactionsTab } from "./TransactionsTab.tsx";
import { useFollow } from "./useProfileApi.ts";
import type { ProfileState } from "./useProfileState.ts";
import { WalletTableView } from "./WalletTable.tsx";

const ME = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const OTHER = "0x608F9ED2d642ea05278e1572eCa623ec5aCE327F";
const account = vi.hoisted(() => ({ current: undefined as string | undefined }));

vi.mock("../../kernel/signed-headers.ts", () => ({
  useSignedHeaders: () => ({
    getHeaders: async () => ({ address: ME, signature: "0xsig", signatureMessage: "msg" }),
    peekHeaders: () => null,
    ready: true,
  }),
}));
vi.mock("../portfolios/index.ts", async (original) => ({
  ...(await original<typeof import("../portfolios/index.ts")>()),
  useAccount: () => account.current,
  useChainSuffix: () => "local",
}));

if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const info = (over: Partial<ManagerInfo> = {}): ManagerInfo => ({
  address: OTHER,
  photo_url: null,
  name: "Alice",
  total_market_cap: 0,
  total_sets: 0,
  total_holders: 0,
  all_apy: 0,
  created_at: 0,
  profile: "",
  twitter_url: "",
  github: "",
  email: "",
  mainnet_eth: "",
  following: false,
  followers_count: 0,
  following_count: 0,
  ...over,
});

const query = <T,>(o: { data?: T; isPending?: boolean; isError?: boolean }) =>
  ({ data: o.data, isPending: o.isPending ?? false, isError: o.isError ?? false, refetch: vi.fn() }) as never;

function wrap(ui: ReactNode, path = "/") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

function jsonReply(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

describe("profile views", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    account.current = undefined;
  });

  it("transactions: private on others' profiles; own: loading, error with retry, empty, then the list", () => {
    const base = { own: false, transactions: undefined, transactionsLoading: false, transactionsError: false };
    const { rerender } = wrap(<TransactionsTab s={base as unknown as ProfileState} />);
    expect(screen.getByTestId("transactions-private").textContent).toContain("Transactions are private");
    const view = (s: object) => (
      <MemoryRouter>
        <TransactionsTab s={{ ...base, own: true, refetchTransactions: vi.fn(), ...s } as unknown as ProfileState} />
      </MemoryRouter>
    );
    rerender(view({ transactionsLoading: true }));
    expect(screen.getByTestId("transactions-loading")).toBeTruthy();
    const retry = vi.fn();
    rerender(view({ transactionsError: true, refetchTransactions: retry }));
    fireEvent.click(within(screen.getByTestId("transactions-error")).getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalled();
    rerender(view({ transactions: [] }));
    expect(screen.getByTestId("transactions-empty").textContent).toContain("No transactions yet");
    rerender(
      view({
        transactions: [
          {
            key: "a",
            txid: "0xaaaaaaaaaaaa",
            created_at: 200,
            kind: "buy",
            portfolio: OTHER,
            token_in_symbol: "USDT",
            token_out_symbol: "DFP",
            token_in_amount: "10.5",
            token_out_amount: "0.1",
          },
          {
            key: "b",
            txid: "0xbbbbbbbbbbbb",
            created_at: 100,
            kind: "swap",
            token_in_symbol: "WETH",
            token_out_symbol: "USDT",
            token_in_amount: "1",
            token_out_amount: "2,000",
          },
        ],
      }),
    );
    const rows = screen.getAllByTestId("profile-tx");
    expect(rows.map((r) => r.getAttribute("data-kind"))).toEqual(["buy", "swap"]);
    expect(rows[0]?.textContent).toContain("10.5 USDT → 0.1 DFP");
    expect(rows[1]?.textContent).toContain("1 ETH → 2,000 USDT");
  });

  it("followers: empty, error, then items linking to each profile", () => {
    const props = {
      kind: "followers" as const,
      label: "Followers",
      page: 1,
      setPage: vi.fn(),
      emptyText: "No followers yet",
    };
    const { rerender } = wrap(<FollowList {...props} q={query({ data: { follows: [], total: 0 } })} />);
    expect(screen.getByTestId("followers-empty").textContent).toContain("No followers yet");
    rerender(
      <MemoryRouter>
        <FollowList {...props} q={query({ isError: true })} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("followers-error")).toBeTruthy();
    rerender(
      <MemoryRouter>
        <FollowList
          {...props}
          q={query({
            data: {
              follows: [
                { address: ME, photo_url: null, name: "Bob" },
                { address: OTHER, photo_url: null, name: null },
              ],
              total: 2,
            },
          })}
        />
      </MemoryRouter>,
    );
    const bob = screen.getByRole("link", { name: "Open the profile of Bob" });
    expect(bob.getAttribute("href")).toBe(`/sts/profile/${ME}`);
    expect(screen.getByRole("link", { name: "Open the profile of 0x608F...327F" })).toBeTruthy();
  });

  it("wallet table: the switch has a name and flips zero balances; rows link to trade", () => {
    const setShowZero = vi.fn();
    const row = {
      key: "native",
      address: "native",
      symbol: "ETH",
      name: "Ether",
      decimals: 18,
      price: 2000,
      balance: 10n ** 18n,
      amount: 1,
      value: 2000,
      tradeHref: "/aggregateSwap?inputCurrency=ETH",
    };
    wrap(
      <WalletTableView
        w={{
          rows: [row],
          total: 2000,
          showZero: false,
          setShowZero,
          onChain: true,
          loading: false,
          error: false,
          retry: vi.fn(),
        }}
      />,
    );
    expect(screen.getByTestId("wallet-total").textContent).toBe("Total $2,000.00");
    fireEvent.click(screen.getByRole("switch", { name: "Show zero balances" }));
    expect(setShowZero).toHaveBeenCalledWith(true, expect.anything());
    expect(screen.getByRole("link", { name: "Trade ETH" }).getAttribute("href")).toBe(
      "/aggregateSwap?inputCurrency=ETH",
    );
  });

  it("change wallet opens the wallet dialog on the wallet options", async () => {
    const { useWalletUi } = await import("../wallet/index.ts");
    const { useAppModal } = await import("../shell/index.ts");
    const { changeWallet } = await import("./ProfileHeader.tsx");
    useWalletUi.getState().setView("account");
    changeWallet();
    expect(useWalletUi.getState().view).toBe("options");
    expect(useAppModal.getState().openModal).toBe("wallet");
    useWalletUi.getState().closeDialog();
  });

  describe("follow, debounced 2 s (spec 001 §9)", () => {
    function Follow({ following, onDone }: { following: boolean; onDone: (on: boolean) => void }) {
      const f = useFollow("local", OTHER, following, { success: onDone, error: () => {} });
      return (
        <button type="button" aria-pressed={f.following} onClick={f.toggle}>
          follow
        </button>
      );
    }

    it("one click sends one follow 2 s later, then reports success", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const fetchMock = vi.fn(async () => jsonReply({ address: OTHER, following: true }));
      vi.stubGlobal("fetch", fetchMock);
      const done = vi.fn();
      wrap(<Follow following={false} onDone={done} />);
      const button = screen.getByRole("button", { name: "follow" });
      fireEvent.click(button);
      expect(button.getAttribute("aria-pressed")).toBe("true");
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_900);
      });
      expect(fetchMock).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
      await waitFor(() => expect(done).toHaveBeenCalledWith(true));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe("/api/local/sofi/follow");
      expect(JSON.parse(String(init.body))).toEqual({ follow: OTHER, action: "follow" });
      expect((init.headers as Record<string, string>).signature).toBe("0xsig");
    });

    it("a double click within 2 s sends nothing", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const fetchMock = vi.fn(async () => jsonReply({ address: OTHER, following: true }));
      vi.stubGlobal("fetch", fetchMock);
      wrap(<Follow following={false} onDone={vi.fn()} />);
      const button = screen.getByRole("button", { name: "follow" });
      fireEvent.click(button);
      fireEvent.click(button);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3_000);
      });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(button.getAttribute("aria-pressed")).toBe("false");
    });
  });

  describe("the page", () => {
    function Where() {
      return <p data-testid="where">{useLocation().pathname}</p>;
    }

    async function page(path: string) {
      const fetchMock = vi.fn(async (url: string) => {
        if (url.startsWith(`/api/local/sofi/managers/${OTHER}`)) return jsonReply(info({ followers_count: 1 }));
        if (url.startsWith("/api/local/sofi/follow"))
          return jsonReply({ follows: [{ address: ME, photo_url: null, name: "Bob" }], total: 1 });
        if (url.startsWith("/api/local/sofi/asset/history")) return jsonReply([]);
        if (url.startsWith("/api/local/sofi/portfolios") || url.startsWith("/api/local/v2/sofi/portfolios"))
          return jsonReply({ portfolios: [], total: 0 });
        return new Response("{}", { status: 404 });
      });
      vi.stubGlobal("fetch", fetchMock);
      const { default: ProfilePage } = await import("./ProfilePage.tsx");
      wrap(
        <>
          <Routes>
            <Route path="/sts/profile/:address" element={<ProfilePage />} />
            <Route path="/sts/profile/:address/:tab" element={<ProfilePage />} />
          </Routes>
          <Where />
        </>,
        path,
      );
      return fetchMock;
    }

    it("an unknown tab shows the overview; choosing a tab changes the URL", async () => {
      await page(`/sts/profile/${OTHER}/9`);
      expect(screen.getByRole("tab", { name: "Overview" }).getAttribute("aria-selected")).toBe("true");
      expect(await screen.findByTestId("balance-empty")).toBeTruthy();
      // others' profiles have no wallet table and a follow button (disabled without a wallet)
      expect(screen.queryByTestId("wallet-section")).toBeNull();
      expect((screen.getByTestId("follow-button") as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(screen.getByRole("tab", { name: "Followers" }));
      expect(screen.getByTestId("where").textContent).toBe(`/sts/profile/${OTHER}/5`);
      expect(await screen.findByRole("link", { name: "Open the profile of Bob" })).toBeTruthy();
    });

    it("others' transactions are never read; the tab says they are private", async () => {
      account.current = ME;
      const fetchMock = await page(`/sts/profile/${OTHER}/4`);
      expect(screen.getByTestId("transactions-private")).toBeTruthy();
      await screen.findByText("Alice");
      const urls = fetchMock.mock.calls.map((c) => String(c[0]));
      expect(urls.some((u) => u.includes("/sofi/transactions") || u.includes("/sofi/trades"))).toBe(false);
      expect(screen.getByRole("button", { name: "Follow Alice" })).toBeTruthy();
    });

    it("a bad address says so", async () => {
      await page("/sts/profile/0x12");
      expect(screen.getByText("This is not a wallet address")).toBeTruthy();
    });
  });
});
