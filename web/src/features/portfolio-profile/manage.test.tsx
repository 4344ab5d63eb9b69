import { ALERT_ERRORS, PORTFOLIO_ERRORS, type PortfolioListItem } from "@sofi/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { EditPortfolioModal } from "./EditPortfolioModal.tsx";
import { PortfolioList } from "./PortfolioList.tsx";
import { PriceAlertDrawer } from "./PriceAlertDrawer.tsx";

// The created-portfolio menu (spec 001 §2): edit portfolio info and the price-alert drawer (§5, §8).

// Ant Design's forms render slowly under jsdom on a loaded machine.
configure({ asyncUtilTimeout: 5000 });

const ME = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const SET = "0x00000000000000000000000000000000000000A1";
const HOOK = "https://discord.com/api/webhooks/123456789/tok-EN_1";
const detail = vi.hoisted(() => ({
  current: { isPending: false, isError: false, data: { intro: "Old intro" }, refetch: () => undefined } as unknown,
}));

vi.mock("../../kernel/signed-headers.ts", () => ({
  useSignedHeaders: () => ({
    getHeaders: async () => ({ address: ME, signature: "0xsig", signatureMessage: "msg" }),
    peekHeaders: () => null,
    ready: true,
  }),
}));
vi.mock("../portfolios/index.ts", async (original) => ({
  ...(await original<typeof import("../portfolios/index.ts")>()),
  usePortfolioDetail: () => detail.current,
}));

if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const item: PortfolioListItem = {
  address: SET,
  symbol: "DEVP",
  name: "Dev Wallet Picks",
  manager: ME,
  avatar_uri: null,
  favorite: false,
  value_per_set: 100,
  apy: 1,
  cumulative_apy: 1,
  price_changed_24hr: 0,
  total_value: 1000,
  holders_count: 1,
  created_at: 1_700_000_000,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A fetch answering the signed alert read with `stored` and every POST with `post`. */
function alertFetch(stored: unknown, post: () => Response = () => json({ result: "setting_success", set: SET })) {
  return vi.fn(async (_url: string, init?: RequestInit) => {
    if ((init?.method ?? "GET") === "GET") return json(stored);
    return post();
  });
}

function renderDrawer(onSaved = vi.fn()) {
  wrap(<PriceAlertDrawer chain="local" account={ME} portfolio={item} onClose={vi.fn()} onSaved={onSaved} />);
  return onSaved;
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const none = { set: SET, up: null, down: null, trade_alert: false, discord: null };

describe("the price-alert drawer (spec 001 §5, §8)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("reads the manager's alert with signed headers and prefills every field", async () => {
    const fetchMock = alertFetch({ set: SET, up: 120.5, down: 80, trade_alert: true, discord: HOOK });
    vi.stubGlobal("fetch", fetchMock);
    renderDrawer();
    await waitFor(() => expect(input("alert-up").value).toBe("120.5"));
    expect(input("alert-down").value).toBe("80");
    expect(input("alert-discord").value).toBe(HOOK);
    expect(screen.getByRole("switch").getAttribute("aria-checked")).toBe("true");
    expect(screen.getByTestId("price-alert-value").textContent).toBe("$100.00");
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/local/sofi/alert?set=${SET}`);
    expect(init.headers).toMatchObject({ address: ME, signature: "0xsig", signatureMessage: "msg" });
  });

  it("shows a loading state, then the read's error with a retry", async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((ok) => (answer = ok)));
    vi.stubGlobal("fetch", fetchMock);
    renderDrawer();
    expect(screen.getByTestId("price-alert-loading")).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    answer(json({ error: "Invalid signature" }, 401));
    const error = await screen.findByTestId("price-alert-load-error");
    expect(error.textContent).toContain("Could not read the alert.");
    expect(within(error).getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("strips what is not a digit or a dot as typed and shows each §5 message; nothing is sent", async () => {
    const fetchMock = alertFetch(none);
    vi.stubGlobal("fetch", fetchMock);
    renderDrawer();
    await screen.findByTestId("price-alert-form");
    fireEvent.change(input("alert-up"), { target: { value: "$1a2.3x45" } });
    expect(input("alert-up").value).toBe("12.345");
    expect(screen.getByTestId("alert-up-error").textContent).toBe(
      "The upper price must be above the current value per set, with at most two decimals (or empty)",
    );
    fireEvent.change(input("alert-up"), { target: { value: "99.99" } }); // not above 100
    expect(screen.getByTestId("alert-up-error")).toBeTruthy();
    fireEvent.change(input("alert-up"), { target: { value: "100.01" } });
    expect(screen.queryByTestId("alert-up-error")).toBeNull();
    fireEvent.change(input("alert-down"), { target: { value: "100" } }); // not below 100
    expect(screen.getByTestId("alert-down-error").textContent).toBe(
      "The lower price must be below the current value per set, with at most two decimals (or empty)",
    );
    fireEvent.change(input("alert-down"), { target: { value: "" } });
    expect(screen.queryByTestId("alert-down-error")).toBeNull();
    fireEvent.click(screen.getByTestId("price-alert-save"));
    expect((await screen.findByTestId("alert-discord-error")).textContent).toBe("Please input the Discord webhook URL");
    fireEvent.change(input("alert-discord"), { target: { value: "https://example.com/api/webhooks/1/x" } });
    expect(screen.getByTestId("alert-discord-error").textContent).toBe(
      "Enter a Discord webhook URL: https://discord.com/api/webhooks/…",
    );
    fireEvent.click(screen.getByTestId("price-alert-save"));
    expect(fetchMock).toHaveBeenCalledTimes(1); // the read only
  });

  it("saves with one signed POST of the spec's fields, then reports success", async () => {
    const fetchMock = alertFetch(none);
    vi.stubGlobal("fetch", fetchMock);
    const onSaved = renderDrawer();
    await screen.findByTestId("price-alert-form");
    fireEvent.change(input("alert-up"), { target: { value: "120.5" } });
    fireEvent.change(input("alert-discord"), { target: { value: ` ${HOOK} ` } });
    fireEvent.click(screen.getByRole("switch"));
    fireEvent.click(screen.getByTestId("price-alert-save"));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe("/api/local/sofi/alert");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ address: ME, signature: "0xsig" });
    expect(JSON.parse(String(init.body))).toEqual({
      price_alert: 1,
      trade_alert: 1,
      set: SET,
      buyer: ME,
      up: "120.5",
      down: null,
      discord: HOOK,
    });
  });

  it("a refusal by the server shows Setting Failed! with the translated message", async () => {
    vi.stubGlobal(
      "fetch",
      alertFetch(none, () => json({ error: ALERT_ERRORS.up }, 400)),
    );
    const onSaved = renderDrawer();
    await screen.findByTestId("price-alert-form");
    fireEvent.change(input("alert-up"), { target: { value: "101" } });
    fireEvent.change(input("alert-discord"), { target: { value: HOOK } });
    fireEvent.click(screen.getByTestId("price-alert-save"));
    expect((await screen.findByTestId("price-alert-error")).textContent).toContain(
      "Setting Failed! The upper price must be above the current value per set",
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe("edit portfolio info (spec 001 §5 intro and images)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const fileInput = () => document.querySelector("input[type=file]") as HTMLInputElement;
  const renderModal = (onSaved = vi.fn()) => {
    wrap(<EditPortfolioModal chain="local" manager={ME} portfolio={item} onClose={vi.fn()} onSaved={onSaved} />);
    return onSaved;
  };

  it("prefills the intro with its 800-character counter; refuses a non-image icon; saves intro and icon signed", async () => {
    const fetchMock = vi.fn(async () => json({ address: SET }));
    vi.stubGlobal("fetch", fetchMock);
    const onSaved = renderModal();
    const intro = screen.getByTestId("intro-input") as HTMLTextAreaElement;
    expect(intro.value).toBe("Old intro");
    expect(intro.maxLength).toBe(800);
    expect(screen.getByText("9 / 800")).toBeTruthy();
    fireEvent.change(fileInput(), { target: { files: [new File(["text"], "fake.png", { type: "image/png" })] } });
    expect((await screen.findByTestId("icon-error")).textContent).toContain(PORTFOLIO_ERRORS.iconType);
    const png = Uint8Array.from(
      atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
      (c) => c.charCodeAt(0),
    );
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(png);
    fireEvent.change(fileInput(), { target: { files: [new File([big], "big.png", { type: "image/png" })] } });
    await waitFor(() => expect(screen.getByTestId("icon-error").textContent).toContain(PORTFOLIO_ERRORS.iconSize));
    fireEvent.change(fileInput(), { target: { files: [new File([png], "icon.png", { type: "image/png" })] } });
    await waitFor(() => expect(screen.getByTestId("icon-preview").getAttribute("src")).toMatch(/^data:image\/png/));
    expect(screen.queryByTestId("icon-error")).toBeNull();
    fireEvent.change(intro, { target: { value: "A new intro" } });
    fireEvent.click(screen.getByTestId("portfolio-info-save"));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/local/sofi/portfolio");
    expect(init.headers).toMatchObject({ address: ME, signature: "0xsig" });
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ portfolio: SET, manager: ME, intro: "A new intro" });
    expect(body.icon).toMatch(/^data:image\/png;base64,iVBOR/);
  });

  it("an unchanged icon is not sent; a refusal shows Setting Failed! with the reason", async () => {
    const fetchMock = vi.fn(async () => json({ error: PORTFOLIO_ERRORS.notManager }, 403));
    vi.stubGlobal("fetch", fetchMock);
    const onSaved = renderModal();
    fireEvent.click(screen.getByTestId("portfolio-info-save"));
    expect((await screen.findByTestId("portfolio-info-error")).textContent).toBe(
      "Setting Failed! Only the portfolio's manager can edit it",
    );
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ portfolio: SET, manager: ME, intro: "Old intro" });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows loading and the detail's error with a retry", () => {
    detail.current = { isPending: true, isError: false, data: undefined, refetch: vi.fn() };
    renderModal();
    expect(screen.getByTestId("edit-portfolio-loading")).toBeTruthy();
    cleanup();
    detail.current = { isPending: false, isError: true, data: undefined, refetch: vi.fn() };
    renderModal();
    const error = screen.getByTestId("edit-portfolio-load-error");
    expect(error.textContent).toContain("Could not load the portfolio's info.");
    expect(within(error).getByRole("button", { name: "Retry" })).toBeTruthy();
    detail.current = { isPending: false, isError: false, data: { intro: "Old intro" }, refetch: vi.fn() };
  });
});

describe("the created list's menu (spec 001 §2 'Menu per created portfolio')", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(() => cleanup());

  const q = { data: { portfolios: [item], total: 1 }, isPending: false, isError: false, refetch: vi.fn() } as never;

  it("only the owner's list has it; it offers edit portfolio info and price alert", async () => {
    wrap(<PortfolioList kind="created" label="Created" q={q} emptyText="none" />);
    expect(screen.queryByTestId("portfolio-menu")).toBeNull();
    cleanup();
    vi.stubGlobal("fetch", alertFetch(none));
    wrap(
      <PortfolioList kind="created" label="Created" q={q} emptyText="none" manage={{ chain: "local", account: ME }} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Manage Dev Wallet Picks" }));
    expect(await screen.findByText("Edit portfolio info")).toBeTruthy();
    fireEvent.click(await screen.findByText("Price alert"));
    expect(await screen.findByText("Price alert · Dev Wallet Picks")).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
