import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TokenInfo, TokenList } from "@sofi/core";
import { act, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { DEFAULT_SETTINGS, useSettings } from "../../kernel/settings-store.ts";
import { clearPopups, usePopups } from "../shell/index.ts";
import { defaultListUrl } from "./chain-tokens.ts";
import { ImportTokenView } from "./ImportViews.tsx";
import { announceListUpdate, ListUpdatePopup } from "./ListUpdatePopup.tsx";
import { useListsStore } from "./lists-store.ts";
import { TokenSelectModal } from "./TokenSelectModal.tsx";
import { Providers } from "./test-utils.tsx";
import type { UiToken } from "./types.ts";

// The machine runs several suites at once: give async UI checks room.
configure({ asyncUtilTimeout: 8000 });

// jsdom has no ResizeObserver; Ant Design's inputs and segmented control observe their size.
if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const DEFAULT_URL = defaultListUrl(window.location.origin, "local");
const addr = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
const listOf = (name: string, tokens: TokenInfo[], minor = 0): TokenList => ({
  name,
  timestamp: "2026-11-22T00:00:00.000Z",
  version: { major: 1, minor, patch: 0 },
  tokens,
});
const bigList = listOf(
  "Big List",
  Array.from({ length: 200 }, (_, i) => ({
    chainId: 31337,
    address: addr(i + 1000),
    symbol: `TK${i}`,
    name: `Token ${i}`,
    decimals: 18,
  })),
);

// A real HTTP server for list downloads: good list, schema-invalid list, 404.
let server: Server;
let base = "";
beforeAll(async () => {
  await initI18n("en");
  server = createServer((req, res) => {
    res.setHeader("access-control-allow-origin", "*");
    if (req.url === "/big.json") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(bigList));
    } else if (req.url === "/good.json") {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify(
          listOf("Good List", [{ chainId: 31337, address: addr(7), symbol: "GOOD", name: "Good", decimals: 18 }]),
        ),
      );
    } else if (req.url === "/bad.json") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ name: "Bad", tokens: "nope" }));
    } else {
      res.statusCode = 404;
      res.end("not found");
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
// Lists are refreshed from their URL when the selector mounts, so the big list is served for real.
const bigUrl = () => `${base}/big.json`;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  useSettings.setState({ ...DEFAULT_SETTINGS, chainId: 31337, chainIdChosen: true });
  useListsStore.setState({ byUrl: {}, activeListUrls: [], initializedDefaults: [] });
  clearPopups();
});

function renderModal(props: Partial<Parameters<typeof TokenSelectModal>[0]> = {}) {
  const onSelect = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers>
      <TokenSelectModal open onClose={onClose} onSelect={onSelect} {...props} />
    </Providers>,
  );
  return { onSelect, onClose };
}

const listbox = () => screen.getByRole("listbox", { name: "Token list" });
const optionNames = () =>
  within(listbox())
    .queryAllByRole("option")
    .map((o) => o.getAttribute("aria-label"));

describe("TokenSelectModal: search view", () => {
  it("shows the native coin first, then the chain's default list, with 56 px rows and common bases", async () => {
    renderModal();
    await waitFor(() => expect(optionNames().length).toBeGreaterThan(3));
    expect(optionNames()[0]).toBe("ETH Ether");
    expect(optionNames()).toContain("RAI Rai Finance");
    const row = within(listbox()).getAllByRole("option")[0] as HTMLElement;
    expect(row.style.height).toBe("56px");
    const bases = screen.getByRole("region", { name: "Common bases" });
    const chips = within(bases)
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(chips).toEqual(["ETH", "WETH", "USDT", "USDC", "DAI", "WBTC"]);
  });

  it("filters 200 ms after typing stops, exact symbol first", async () => {
    renderModal();
    await waitFor(() => expect(optionNames()).toContain("RAI Rai Finance"));
    const t0 = performance.now();
    fireEvent.change(screen.getByRole("textbox", { name: "Search tokens" }), { target: { value: "usdc" } });
    expect(optionNames()).toContain("RAI Rai Finance"); // not filtered on the keystroke
    // Poll until the filter applies: it must not happen before the 200 ms debounce.
    let elapsed = 0;
    for (;;) {
      await act(() => new Promise((r) => setTimeout(r, 10)));
      if (!optionNames().includes("RAI Rai Finance")) {
        elapsed = performance.now() - t0;
        break;
      }
      if (performance.now() - t0 > 5000) throw new Error("search never applied");
    }
    expect(elapsed).toBeGreaterThanOrEqual(195);
    expect(optionNames()[0]).toBe("USDC USD Coin");
  });

  it("virtualises long lists: only the rows in view are in the DOM", async () => {
    useListsStore.setState({
      byUrl: {
        [bigUrl()]: { current: bigList, pendingUpdate: null, loadingRequestId: null, error: null },
      },
      activeListUrls: [bigUrl()],
      initializedDefaults: [DEFAULT_URL],
    });
    renderModal();
    await waitFor(() => expect(optionNames()).toContain("TK0 Token 0"));
    expect(optionNames().length).toBeLessThan(20);
    const scroller = listbox();
    act(() => {
      fireEvent.scroll(scroller, { target: { scrollTop: 56 * 150 } });
    });
    await waitFor(() => expect(optionNames()).toContain("TK149 Token 149"));
    expect(optionNames()).not.toContain("TK0 Token 0");
    expect(optionNames().length).toBeLessThan(20);
  });

  it("selects a token and closes; the selected token cannot be chosen again", async () => {
    const selected: UiToken = { chainId: 31337, address: "native", decimals: 18, symbol: "ETH", name: "Ether" };
    const { onSelect, onClose } = renderModal({ selected });
    await waitFor(() => expect(optionNames()).toContain("DAI Dai Stablecoin"));
    const eth = within(listbox()).getByRole("option", { name: "ETH Ether" });
    expect(eth.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(eth);
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(within(listbox()).getByRole("option", { name: "DAI Dai Stablecoin" }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ symbol: "DAI", decimals: 18 }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe("TokenSelectModal: import token", () => {
  const token: UiToken = {
    chainId: 31337,
    address: addr(42) as `0x${string}`,
    decimals: 9,
    symbol: "NEW",
    name: "New Token",
  };

  it("requires ticking I understand, then keeps the token locally and selects it", () => {
    const onImported = vi.fn();
    render(
      <Providers>
        <ImportTokenView token={token} onImported={onImported} />
      </Providers>,
    );
    expect(screen.getByText("Trade at your own risk")).toBeTruthy();
    expect(screen.getByText("Unknown Source")).toBeTruthy();
    const importButton = screen.getByRole("button", { name: "Import" }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    fireEvent.click(importButton);
    expect(onImported).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("checkbox", { name: "I understand" }));
    expect(importButton.disabled).toBe(false);
    fireEvent.click(importButton);
    expect(onImported).toHaveBeenCalledWith(token);
    expect(useSettings.getState().tokens[31337]?.[token.address.toLowerCase()]).toMatchObject({
      symbol: "NEW",
      decimals: 9,
    });
  });

  it("lists imported tokens in the search and in manage > tokens, where they can be removed", async () => {
    useSettings.setState({
      tokens: { 31337: { [addr(42)]: { address: addr(42), decimals: 9, symbol: "NEW", name: "New Token" } } },
    });
    renderModal();
    await waitFor(() => expect(optionNames()).toContain("DAI Dai Stablecoin"));
    fireEvent.change(screen.getByRole("textbox", { name: "Search tokens" }), { target: { value: "new" } });
    await waitFor(() => expect(optionNames()).toEqual(["NEW New Token"]));
    fireEvent.click(screen.getByRole("button", { name: "Manage" }));
    fireEvent.click(screen.getByText("Tokens"));
    expect(screen.getAllByTestId("custom-token")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Remove NEW" }));
    expect(screen.queryAllByTestId("custom-token")).toHaveLength(0);
    expect(useSettings.getState().tokens[31337]).toEqual({});
  });

  it("rejects an invalid custom token address with `Enter valid token address`", () => {
    renderModal();
    fireEvent.click(screen.getByRole("button", { name: "Manage" }));
    fireEvent.click(screen.getByText("Tokens"));
    const input = screen.getByRole("textbox", { name: "Token address" });
    fireEvent.change(input, { target: { value: "0x1234" } });
    expect(screen.getByRole("alert").textContent).toBe("Enter valid token address");
    fireEvent.change(input, { target: { value: addr(42) } });
    expect(screen.queryByText("Enter valid token address")).toBeNull();
  });
});

describe("TokenSelectModal: manage and import lists", () => {
  const openLists = () => {
    renderModal();
    fireEvent.click(screen.getByRole("button", { name: "Manage" }));
  };

  it("validates the list location and reports download and schema failures with the spec's texts", async () => {
    openLists();
    const input = screen.getByRole("textbox", { name: "List location" });
    const importButton = () => screen.getByRole("button", { name: "Import list" }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: "ftp://example.org/list.json" } });
    expect(screen.getByText("Enter valid list location")).toBeTruthy();
    expect(importButton().disabled).toBe(true);

    fireEvent.change(input, { target: { value: `${base}/missing.json` } });
    expect(screen.queryByText("Enter valid list location")).toBeNull();
    fireEvent.click(importButton());
    await screen.findByText("Failed to download list");

    fireEvent.change(input, { target: { value: `${base}/bad.json` } });
    fireEvent.click(importButton());
    expect((await screen.findByText(/^Token list failed validation: /)).textContent).toMatch(
      /tokens|timestamp|version/,
    );
  });

  it("imports a list after I understand; it becomes active and its tokens are searchable", async () => {
    openLists();
    fireEvent.change(screen.getByRole("textbox", { name: "List location" }), {
      target: { value: `${base}/good.json` },
    });
    fireEvent.click(screen.getByRole("button", { name: "Import list" }));
    await screen.findByText("Good List");
    expect(screen.getByText("Import at your own risk")).toBeTruthy();
    const importButton = screen.getByRole("button", { name: "Import" }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "I understand" }));
    fireEvent.click(importButton);
    await waitFor(() => expect(screen.getAllByTestId("list-row")).toHaveLength(2));
    const url = `${base}/good.json`;
    expect(useListsStore.getState().activeListUrls).toContain(url);
    expect(useListsStore.getState().byUrl[url]?.current?.name).toBe("Good List");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Search tokens" }), { target: { value: "good" } });
    await waitFor(() => expect(optionNames()).toEqual(["GOOD Good"]));
  });

  it("disabling a list hides its tokens", async () => {
    const url = bigUrl();
    useListsStore.setState({
      byUrl: { [url]: { current: bigList, pendingUpdate: null, loadingRequestId: null, error: null } },
      activeListUrls: [url],
      initializedDefaults: [DEFAULT_URL],
    });
    openLists();
    fireEvent.click(screen.getByRole("switch", { name: "Enable Big List" }));
    expect(useListsStore.getState().activeListUrls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(optionNames()).toEqual(["ETH Ether"]));
  });

  it("removes a list only after typing REMOVE; the last list cannot be removed", async () => {
    const url = bigUrl();
    useListsStore.setState({
      byUrl: {
        [url]: { current: bigList, pendingUpdate: null, loadingRequestId: null, error: null },
        [DEFAULT_URL]: { current: null, pendingUpdate: null, loadingRequestId: null, error: null },
      },
      activeListUrls: [url, DEFAULT_URL],
      initializedDefaults: [DEFAULT_URL],
    });
    openLists();
    const bigRow = screen.getAllByTestId("list-row").find((r) => r.textContent?.includes("Big List")) as HTMLElement;
    fireEvent.click(within(bigRow).getByRole("button", { name: "Remove list" }));
    const confirm = within(bigRow).getByRole("button", { name: "Remove" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(bigRow).getByRole("textbox", { name: "Confirmation" }), { target: { value: "remove" } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(bigRow).getByRole("textbox", { name: "Confirmation" }), { target: { value: "REMOVE" } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getAllByTestId("list-row")).toHaveLength(1));
    expect(Object.keys(useListsStore.getState().byUrl)).toEqual([DEFAULT_URL]);

    const lastRow = screen.getByTestId("list-row");
    fireEvent.click(within(lastRow).getByRole("button", { name: "Remove list" }));
    expect(within(lastRow).getByRole("alert").textContent).toBe("The last remaining list cannot be removed");
    expect(within(lastRow).queryByRole("textbox", { name: "Confirmation" })).toBeNull();
    expect(Object.keys(useListsStore.getState().byUrl)).toEqual([DEFAULT_URL]);
  });
});

describe("list update popup", () => {
  it("announces a pending update and applies it on accept", () => {
    const url = bigUrl();
    const v1 = listOf("Big List", bigList.tokens.slice(0, 2));
    const v2 = listOf("Big List", bigList.tokens.slice(0, 3), 1);
    useListsStore.setState({
      byUrl: { [url]: { current: v1, pendingUpdate: v2, loadingRequestId: null, error: null } },
      activeListUrls: [url],
    });
    act(() => announceListUpdate(url));
    expect(usePopups.getState().popups).toHaveLength(1);
    render(<ListUpdatePopup url={url} />);
    expect(screen.getByText("Big List token list update available")).toBeTruthy();
    expect(screen.getByText("Version 1.0.0 to 1.1.0")).toBeTruthy();
    expect(screen.getByText(/1 added: TK2/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Accept update" }));
    expect(useListsStore.getState().byUrl[url]?.current).toBe(v2);
    expect(usePopups.getState().popups).toHaveLength(0);
  });

  it("dismissing keeps the current list", () => {
    const url = bigUrl();
    const v1 = listOf("Big List", bigList.tokens.slice(0, 2));
    const v2 = listOf("Big List", bigList.tokens.slice(0, 1), 1);
    useListsStore.setState({
      byUrl: { [url]: { current: v1, pendingUpdate: v2, loadingRequestId: null, error: null } },
      activeListUrls: [url],
    });
    render(<ListUpdatePopup url={url} />);
    expect(screen.getByText(/1 removed: TK1/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(useListsStore.getState().byUrl[url]).toMatchObject({ current: v1, pendingUpdate: null });
  });
});
