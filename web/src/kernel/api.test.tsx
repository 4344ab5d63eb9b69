import { tickerSchema } from "@sofi/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, ApiShapeError, apiUrl, fetchApi, useApiQuery } from "./api.ts";

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("API reads", () => {
  afterEach(() => vi.restoreAllMocks());

  it("builds /api/{chain}{path} with the defined params in a stable order", () => {
    expect(apiUrl("local", "/proxy/ticker/24hr", { symbol: "WETH-USDT" })).toBe(
      "/api/local/proxy/ticker/24hr?symbol=WETH-USDT",
    );
    expect(apiUrl("base", "v2/proxy/history", { type: "day", symbol: "A-B", none: undefined })).toBe(
      "/api/base/v2/proxy/history?symbol=A-B&type=day",
    );
    expect(apiUrl("local", "/sofi/trades")).toBe("/api/local/sofi/trades");
  });

  it("returns a reply that passes the schema, and refuses one that does not", async () => {
    const ok = { symbol: "WETH-USDT", price: 2400, priceChangePercent: 1.5 };
    await expect(fetchApi("/x", tickerSchema, { fetchImpl: async () => reply(200, ok) })).resolves.toEqual(ok);
    const bad = fetchApi("/x", tickerSchema, { fetchImpl: async () => reply(200, { symbol: "A-B", price: "1" }) });
    await expect(bad).rejects.toBeInstanceOf(ApiShapeError);
  });

  it("sends a signed read's headers, and always asks for JSON", async () => {
    const seen = new Headers();
    const ok = { symbol: "WETH-USDT", price: 2400, priceChangePercent: 1.5 };
    await fetchApi("/x", tickerSchema, {
      headers: { address: "0xabc", signature: "0x01", accept: "text/html" },
      fetchImpl: async (_url, init) => {
        for (const [k, v] of new Headers(init?.headers)) seen.set(k, v);
        return reply(200, ok);
      },
    });
    expect(seen.get("address")).toBe("0xabc");
    expect(seen.get("signature")).toBe("0x01");
    expect(seen.get("accept")).toBe("application/json");
  });

  it("a non-2xx reply is an ApiError with the status and the API's error text", async () => {
    const err = await fetchApi("/x", tickerSchema, {
      fetchImpl: async () => reply(400, { error: "Invalid symbol: X" }),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).apiMessage).toBe("Invalid symbol: X");
  });

  it("useApiQuery reads through TanStack Query and hands over only checked data", async () => {
    const spy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => reply(200, { symbol: "WETH-USDT", price: 2400, priceChangePercent: -2 }));
    function Price() {
      const q = useApiQuery({
        chain: "local",
        path: "/proxy/ticker/24hr",
        params: { symbol: "WETH-USDT" },
        schema: tickerSchema,
      });
      return <span data-testid="price">{q.data ? q.data.price : q.isError ? "error" : "…"}</span>;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Price />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("price").textContent).toBe("2400"));
    expect(String(spy.mock.calls[0]?.[0])).toBe("/api/local/proxy/ticker/24hr?symbol=WETH-USDT");
  });

  it("keepPrevious shows the previous params' reply while the next params' is read, flagged as a placeholder", async () => {
    let release: (() => void) | undefined;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url) => {
      const symbol = new URL(String(url), "http://x").searchParams.get("symbol");
      if (symbol === "B-C") await new Promise<void>((r) => (release = r));
      return reply(200, { symbol, price: symbol === "A-B" ? 1 : 2, priceChangePercent: 0 });
    });
    function Price({ symbol, keep }: { symbol: string; keep: boolean }) {
      const q = useApiQuery({
        chain: "local",
        path: "/proxy/ticker/24hr",
        params: { symbol },
        schema: tickerSchema,
        keepPrevious: keep,
      });
      return (
        <span data-testid="price">{q.data ? `${q.data.price}${q.isPlaceholderData ? " (previous)" : ""}` : "…"}</span>
      );
    }
    for (const keep of [true, false]) {
      const client = new QueryClient();
      const { rerender, unmount } = render(
        <QueryClientProvider client={client}>
          <Price symbol="A-B" keep={keep} />
        </QueryClientProvider>,
      );
      await waitFor(() => expect(screen.getByTestId("price").textContent).toBe("1"));
      rerender(
        <QueryClientProvider client={client}>
          <Price symbol="B-C" keep={keep} />
        </QueryClientProvider>,
      );
      await waitFor(() => expect(release).toBeDefined());
      expect(screen.getByTestId("price").textContent).toBe(keep ? "1 (previous)" : "…");
      release?.();
      release = undefined;
      await waitFor(() => expect(screen.getByTestId("price").textContent).toBe("2"));
      unmount();
    }
  });
});
