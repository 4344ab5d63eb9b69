import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TokenList } from "@sofi/core";
import { loadDeployment } from "@sofi/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { clearPopups, usePopups } from "../shell/index.ts";
import { buildChainTokens, listedAddresses } from "./chain-tokens.ts";
import { getTokenList } from "./fetch-list.ts";
import { loadList } from "./hooks.ts";
import { ensureDefaultLists, removeList, useListsStore } from "./lists-store.ts";
import { deploymentTokenList } from "./types.ts";

const A = "0x0165878A594ca255338adfa4d48449f69242Eb8F";
const B = "0xa513E6E4b8f2a923D98304ec87F64353C4D5C853";
const list = (minor: number, tokens: { address: string; symbol: string }[], name = "Served"): TokenList => ({
  name,
  timestamp: "2026-11-22T00:00:00.000Z",
  version: { major: 1, minor, patch: 0 },
  tokens: tokens.map((t) => ({ chainId: 31337, decimals: 18, name: `${t.symbol} token`, ...t })),
});

// A real HTTP server whose list version the test can bump.
let served: unknown = list(0, [{ address: A, symbol: "RAI" }]);
let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/list.json") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(served));
    } else if (req.url === "/text") {
      res.end("not json");
    } else {
      res.statusCode = 500;
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  useListsStore.setState({ byUrl: {}, activeListUrls: [], initializedDefaults: [] });
  clearPopups();
  served = list(0, [{ address: A, symbol: "RAI" }]);
});

describe("getTokenList", () => {
  it("downloads and validates a list", async () => {
    await expect(getTokenList(`${base}/list.json`)).resolves.toMatchObject({ name: "Served" });
  });

  it("fails with the spec's texts", async () => {
    await expect(getTokenList(`${base}/missing`)).rejects.toThrow("Failed to download list");
    await expect(getTokenList(`${base}/text`)).rejects.toThrow("Failed to download list");
    await expect(getTokenList("ftp://example.org/list.json")).rejects.toThrow("Unrecognized list URL protocol");
    await expect(getTokenList("tokens.example.eth")).rejects.toThrow("Failed to resolve ENS name");
    served = { name: "x" };
    await expect(getTokenList(`${base}/list.json`)).rejects.toThrow(/^Token list failed validation: /);
    served = list(0, [
      { address: A, symbol: "RAI" },
      { address: A.toLowerCase(), symbol: "RAI" },
    ]);
    await expect(getTokenList(`${base}/list.json`)).rejects.toThrow("Duplicate tokens.");
  });

  it("resolves name-service locations through the resolver, keeping the path", async () => {
    const seen: string[] = [];
    const fetchImpl = (async (url: string) => {
      seen.push(url);
      return new Response(JSON.stringify(list(0, [{ address: A, symbol: "RAI" }])), {
        headers: { "content-type": "application/json" },
      });
    }) as typeof fetch;
    await getTokenList("lists.example.eth/tokens.json", { fetchImpl, resolveEns: async () => "ipfs://QmHash" });
    expect(seen[0]).toBe("https://cloudflare-ipfs.com/ipfs/QmHash/tokens.json");
  });
});

describe("list loading through the store", () => {
  it("first load becomes current; an automatic load of a newer version only announces it", async () => {
    const url = `${base}/list.json`;
    ensureDefaultLists([url]);
    await loadList(url, { auto: true });
    expect(useListsStore.getState().byUrl[url]?.current?.version.minor).toBe(0);
    expect(usePopups.getState().popups).toHaveLength(0);

    served = list(1, [
      { address: A, symbol: "RAI" },
      { address: B, symbol: "SOFI" },
    ]);
    await loadList(url, { auto: true });
    const s = useListsStore.getState().byUrl[url];
    expect(s?.current?.version.minor).toBe(0); // not applied
    expect(s?.pendingUpdate?.version.minor).toBe(1);
    expect(usePopups.getState().popups.map((p) => p.key)).toEqual([`token-list-update:${url}`]);
  });

  it("a failed load stores the error and clears current", async () => {
    const url = `${base}/list.json`;
    ensureDefaultLists([url]);
    await loadList(url, { auto: true });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    served = { broken: true };
    await expect(loadList(url, { auto: true })).rejects.toThrow(/Token list failed validation/);
    expect(useListsStore.getState().byUrl[url]).toMatchObject({
      current: null,
      error: expect.stringMatching(/^Token list failed validation/),
    });
  });

  it("adds a default list once: a removed default stays removed", () => {
    ensureDefaultLists(["https://a.example/l.json", "https://b.example/l.json"]);
    expect(useListsStore.getState().activeListUrls).toEqual(["https://a.example/l.json", "https://b.example/l.json"]);
    removeList("https://a.example/l.json");
    ensureDefaultLists(["https://a.example/l.json", "https://b.example/l.json"]);
    expect(Object.keys(useListsStore.getState().byUrl)).toEqual(["https://b.example/l.json"]);
    expect(() => removeList("https://b.example/l.json")).toThrow("The last remaining list cannot be removed");
  });
});

describe("chain tokens", () => {
  const deployment = loadDeployment(31337);
  if (!deployment) throw new Error("no local deployment");
  const fallback = deploymentTokenList(deployment, "Local");
  const empty = { current: null, pendingUpdate: null, loadingRequestId: null, error: null };

  it("uses the deployment's pair tokens until the default list loads; native coin first", () => {
    const tokens = buildChainTokens({
      chainId: 31337,
      byUrl: { d: empty },
      activeListUrls: ["d"],
      priority: ["d"],
      defaultUrl: "d",
      fallbackList: fallback,
    });
    expect(tokens[0]).toMatchObject({ address: "native", symbol: "ETH" });
    const inPairs = new Set(deployment.pairs.flatMap((p) => [p.token0.toLowerCase(), p.token1.toLowerCase()]));
    expect(tokens.slice(1).every((t) => inPairs.has(t.address.toLowerCase()))).toBe(true);
    expect(tokens.length).toBe(1 + fallback.tokens.length);
  });

  it("follows list priority, then appends custom tokens not already listed", () => {
    const lo = list(0, [{ address: A, symbol: "LOW" }], "Low");
    const hi = list(0, [{ address: A.toLowerCase(), symbol: "HIGH" }], "High");
    const input = {
      chainId: 31337,
      byUrl: { lo: { ...empty, current: lo }, hi: { ...empty, current: hi } },
      activeListUrls: ["lo", "hi"],
      priority: ["hi"],
      custom: {
        [A.toLowerCase()]: { address: A, decimals: 18, symbol: "DUP" },
        [B.toLowerCase()]: { address: B, decimals: 6, symbol: "MINE", name: "Mine" },
      },
    };
    expect(buildChainTokens(input).map((t) => t.symbol)).toEqual(["ETH", "HIGH", "MINE"]);
    expect(listedAddresses(input).has(B.toLowerCase())).toBe(false);
    expect(listedAddresses({ ...input, activeListUrls: [] }).size).toBe(0);
  });
});
