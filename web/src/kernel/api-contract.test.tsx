import { API, type PortfolioDetail } from "@sofi/core";
import { LOCAL_CHAIN_ID, loadDeployment, portfolioFactoryAbi, sofiAggregatorAbi } from "@sofi/protocol";
import { QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { cleanup, render, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiShapeError, ApiWriteError, apiWrite, filledPath, useApi } from "./api.ts";
import { type AppConfig, AppConfigContext } from "./config.ts";
import { contractAddress, contractOf, useContract } from "./contracts.ts";
import { useSettings } from "./settings-store.ts";
import { useSignedWrite } from "./signed.ts";

// The kernel's typed API helpers over @sofi/core's contract (issue 17): reads by endpoint name,
// the one write (unsigned and signed), and contracts bound by name.

const HEADERS = { address: "0xA11CE", signature: "0x5151", signatureMessage: "msg%20encoded" };
vi.mock("./signed-headers.ts", () => ({
  useSignedHeaders: () => ({ getHeaders: async () => HEADERS, peekHeaders: () => null, ready: true }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const ADDR = "0x1111111111111111111111111111111111111111";

const config: AppConfig = {
  chains: [
    {
      id: LOCAL_CHAIN_ID,
      suffix: "local",
      name: "Local",
      rpcUrl: "http://127.0.0.1:1",
      deployment: loadDeployment(LOCAL_CHAIN_ID) ?? null,
    },
    { id: 8453, suffix: "base", name: "Base", rpcUrl: "http://127.0.0.1:1", deployment: null },
  ],
  blockedAddresses: [],
};

function wrapper({ children }: { children: ReactNode }) {
  return (
    <AppConfigContext.Provider value={config}>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </AppConfigContext.Provider>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("apiWrite", () => {
  it("POSTs the endpoint's path with the JSON body and the given headers, and parses the reply", async () => {
    const f = vi.fn(async () => json(200, { address: ADDR, following: true }));
    const reply = await apiWrite("follow", {
      chain: "local",
      body: { follow: ADDR, action: "follow" },
      headers: HEADERS,
      fetchImpl: f as never,
    });
    expect(reply).toEqual({ address: ADDR, following: true });
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/local/sofi/follow");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ follow: ADDR, action: "follow" });
    expect(init.headers).toMatchObject({
      ...HEADERS,
      "content-type": "application/json",
      accept: "application/json",
    });
  });

  it("fills path parameters (URI-encoded)", async () => {
    expect(filledPath("manager", { address: ADDR })).toBe(`/sofi/managers/${ADDR}`);
    expect(filledPath("portfolioHistory", { id: "a/b" })).toBe("/sofi/portfolios/a%2Fb/history");
    expect(filledPath("portfolio", {})).toBeNull();
    const f = vi.fn(async () => json(400, { error: "x" }));
    await apiWrite("managerProfile", {
      chain: "base",
      params: { address: ADDR },
      body: {},
      fetchImpl: f as never,
    }).catch(() => {});
    expect((f.mock.calls[0] as unknown as [string])[0]).toBe(`/api/base/sofi/managers/${ADDR}`);
  });

  it("a refusal throws ApiWriteError: its message is the API's text, its status and JSON body kept", async () => {
    const f = async () => json(400, { error: "Already Funded Today.", faucet_count: 1 });
    const e = await apiWrite("faucet", { chain: "local", body: { address: ADDR, name: "" }, fetchImpl: f }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ApiWriteError);
    expect((e as ApiWriteError).message).toBe("Already Funded Today.");
    expect((e as ApiWriteError).status).toBe(400);
    expect((e as ApiWriteError).body).toEqual({ error: "Already Funded Today.", faucet_count: 1 });
    // No JSON: the status says it.
    const g = async () => new Response("<html>", { status: 502 });
    const e2 = await apiWrite("favorite", {
      chain: "local",
      body: { portfolio: ADDR, favorite: true },
      fetchImpl: g,
    }).catch((x: unknown) => x);
    expect((e2 as Error).message).toBe("HTTP 502");
    expect((e2 as ApiWriteError).apiMessage).toBeNull();
  });

  it("a 2xx reply of the wrong shape is an ApiShapeError", async () => {
    const f = async () => json(200, { tokens: "nope" });
    await expect(
      apiWrite("ai", { chain: "local", body: { message: "meme", lang: "en" }, fetchImpl: f }),
    ).rejects.toBeInstanceOf(ApiShapeError);
  });
});

describe("useSignedWrite", () => {
  it("sends the signature headers with the endpoint's POST", async () => {
    const f = vi.fn(async () => json(200, { portfolio: ADDR, favorite: true, favorites_count: 3 }));
    vi.stubGlobal("fetch", f);
    const { result } = renderHook(() => useSignedWrite(), { wrapper });
    await result.current("favorite", { chain: "local", body: { portfolio: ADDR, favorite: true } }).catch(() => {});
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/local/sofi/favorite");
    expect(init.headers).toMatchObject(HEADERS);
    expect(API.favorite.signed).toBe(true);
  });
});

describe("useApi", () => {
  it("reads by name: the path filled, the query sent, the reply parsed; keys the transactor invalidates", async () => {
    useSettings.setState({ chainId: 8453 });
    const reply = { address: ADDR, name: "Alice" };
    const f = vi.fn(async () => json(200, reply));
    vi.stubGlobal("fetch", f);
    let keys: unknown[] = [];
    function View() {
      const q = useApi("manager", { params: { address: ADDR }, query: { address: ADDR } });
      keys = useQueryClient()
        .getQueryCache()
        .getAll()
        .map((x) => x.queryKey);
      return <p data-testid="state">{q.isError ? "error" : q.isSuccess ? "ok" : "pending"}</p>;
    }
    render(<View />, { wrapper });
    await waitFor(() => expect(screen.getByTestId("state").textContent).not.toBe("pending"));
    expect((f.mock.calls[0] as unknown as [string])[0]).toBe(`/api/base/sofi/managers/${ADDR}?address=${ADDR}`);
    expect(keys).toContainEqual(["api", "base", `/sofi/managers/${ADDR}`, { address: ADDR }]);
  });

  it("waits while a path parameter is missing", async () => {
    const f = vi.fn(async () => json(200, {}));
    vi.stubGlobal("fetch", f);
    const { result } = renderHook(() => useApi("portfolio", { chain: "local", params: { id: undefined } }), {
      wrapper,
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.fetchStatus).toBe("idle");
    expect(f).not.toHaveBeenCalled();
    const detail: PortfolioDetail | undefined = result.current.data;
    expect(detail).toBeUndefined();
  });
});

describe("useContract", () => {
  it("binds a deployed contract by name on the chosen chain: its address and ABI, or null", () => {
    const local = loadDeployment(LOCAL_CHAIN_ID);
    useSettings.setState({ chainId: LOCAL_CHAIN_ID });
    const { result, rerender } = renderHook(() => useContract("portfolioFactory"), { wrapper });
    expect(result.current).toEqual({ address: local?.contracts.portfolioFactory, abi: portfolioFactoryAbi });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    // Another chain without a deployment: null.
    useSettings.setState({ chainId: 8453 });
    rerender();
    expect(result.current).toBeNull();
    // An explicit chain id wins over the chosen one.
    const { result: r2 } = renderHook(() => useContract("aggregator", LOCAL_CHAIN_ID), { wrapper });
    expect(r2.current?.abi).toBe(sofiAggregatorAbi);
  });

  it("contractOf: null for a deployment without the contract", () => {
    expect(contractOf({ contracts: {} }, "sofiConverter")).toBeNull();
    expect(contractOf(null, "sofiConverter")).toBeNull();
    expect(contractOf({ contracts: { sofiConverter: ADDR } }, "sofiConverter")?.address).toBe(ADDR);
    expect(contractAddress({ contracts: { sofiConverter: ADDR } }, "sofiConverter")).toBe(ADDR);
    expect(contractAddress(undefined, "sofiConverter")).toBeUndefined();
  });
});
