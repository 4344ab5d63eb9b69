import { describe, expect, it } from "vitest";
import {
  assertNoDuplicateTokens,
  canRemoveList,
  combineListTokens,
  contenthashToUri,
  diffTokenLists,
  getVersionUpgrade,
  initialListsState,
  type ListsState,
  listsReducer,
  minVersionBump,
  parseListLocation,
  sortByListPriority,
  type TokenInfo,
  type TokenList,
  tokenListUpdate,
  uriToHttp,
  VersionUpgrade,
  validateListLocation,
  validateTokenAddress,
  validateTokenList,
} from "../src/token-lists.ts";

const A = "0x0165878A594ca255338adfa4d48449f69242Eb8F";
const B = "0xa513E6E4b8f2a923D98304ec87F64353C4D5C853";
const C = "0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6";
const tok = (address: string, symbol: string, extra: Partial<TokenInfo> = {}): TokenInfo => ({
  chainId: 31337,
  address,
  symbol,
  name: `${symbol} token`,
  decimals: 18,
  ...extra,
});
const list = (v: [number, number, number], tokens: TokenInfo[], name = "Test List"): TokenList => ({
  name,
  timestamp: "2026-11-22T00:00:00.000Z",
  version: { major: v[0], minor: v[1], patch: v[2] },
  tokens,
});
const URL1 = "https://example.org/list.json";
const URL2 = "https://example.org/other.json";

describe("version upgrades and diffs", () => {
  it("classifies upgrades; downgrades and equal versions are NONE", () => {
    const v = (major: number, minor: number, patch: number) => ({ major, minor, patch });
    expect(getVersionUpgrade(v(1, 0, 0), v(2, 0, 0))).toBe(VersionUpgrade.MAJOR);
    expect(getVersionUpgrade(v(1, 0, 0), v(1, 1, 0))).toBe(VersionUpgrade.MINOR);
    expect(getVersionUpgrade(v(1, 1, 0), v(1, 1, 3))).toBe(VersionUpgrade.PATCH);
    expect(getVersionUpgrade(v(1, 1, 0), v(1, 1, 0))).toBe(VersionUpgrade.NONE);
    expect(getVersionUpgrade(v(2, 0, 0), v(1, 9, 9))).toBe(VersionUpgrade.NONE);
    expect(getVersionUpgrade(v(1, 2, 0), v(1, 1, 9))).toBe(VersionUpgrade.NONE);
  });

  it("reports tokens added, removed and changed", () => {
    const base = [tok(A, "RAI"), tok(B, "SOFI")];
    const update = [tok(B.toLowerCase(), "SOFI", { logoURI: "https://x/sofi.png" }), tok(C, "USDT")];
    const d = diffTokenLists(base, update);
    expect(d.added.map((t) => t.symbol)).toEqual(["USDT"]);
    expect(d.removed.map((t) => t.symbol)).toEqual(["RAI"]);
    expect(d.changed).toEqual([{ token: update[0], keys: ["logoURI"] }]);
    expect(minVersionBump(base, update)).toBe(VersionUpgrade.MAJOR);
    expect(minVersionBump(base, [...base, tok(C, "USDT")])).toBe(VersionUpgrade.MINOR);
    expect(minVersionBump(base, [tok(A, "RAI", { name: "Rai" }), tok(B, "SOFI")])).toBe(VersionUpgrade.PATCH);
    expect(minVersionBump(base, base)).toBe(VersionUpgrade.NONE);
  });

  it("a field the update drops is a change (the package's diff misses it)", () => {
    const base = [tok(A, "RAI", { logoURI: "https://x/rai.png" })];
    const update = [tok(A, "RAI")];
    expect(diffTokenLists(base, update).changed).toEqual([{ token: update[0], keys: ["logoURI"] }]);
  });

  it("builds the spec's token list update entity", () => {
    const u = tokenListUpdate(URL1, list([1, 0, 0], [tok(A, "RAI")]), list([1, 1, 0], [tok(A, "RAI"), tok(B, "SOFI")]));
    expect(u.listUrl).toBe(URL1);
    expect(u.version).toBe(VersionUpgrade.MINOR);
    expect(u.added).toHaveLength(1);
    expect(u.removed).toHaveLength(0);
  });
});

describe("list contents", () => {
  it("rejects a duplicate token address on one chain with `Duplicate tokens.`", () => {
    expect(() => assertNoDuplicateTokens(list([1, 0, 0], [tok(A, "RAI"), tok(A.toLowerCase(), "RAI2")]))).toThrow(
      "Duplicate tokens.",
    );
    // same address on another chain is fine
    expect(() =>
      assertNoDuplicateTokens(list([1, 0, 0], [tok(A, "RAI"), tok(A, "RAI", { chainId: 1 })])),
    ).not.toThrow();
  });

  it("orders lists by priority, unknown lists last in their own order", () => {
    expect(sortByListPriority(["u3", "p2", "u1", "p1"], ["p1", "p2"])).toEqual(["p1", "p2", "u3", "u1"]);
  });

  it("combines tokens of one chain, the higher-priority list winning", () => {
    const l1 = list([1, 0, 0], [tok(A, "RAI"), tok(B, "SOFI", { chainId: 1 })]);
    const l2 = list([1, 0, 0], [tok(A.toLowerCase(), "OTHER"), tok(C, "USDT")]);
    expect(combineListTokens([l1, null, l2], 31337).map((t) => t.symbol)).toEqual(["RAI", "USDT"]);
  });
});

describe("locations and addresses", () => {
  it("accepts https, ipfs and name-service locations, else `Enter valid list location`", () => {
    expect(parseListLocation("https://tokens.example.org/list.json")?.kind).toBe("https");
    expect(parseListLocation("ipfs://QmHash")?.kind).toBe("ipfs");
    expect(parseListLocation("tokens.uniswap.eth")).toEqual({ kind: "ens", name: "tokens.uniswap.eth", path: "" });
    expect(parseListLocation("t2crtokens.eth/list.json")).toEqual({
      kind: "ens",
      name: "t2crtokens.eth",
      path: "/list.json",
    });
    expect(parseListLocation("http://127.0.0.1:8080/api/local/sofi/tokens?format=tokenlist")?.kind).toBe("https");
    for (const bad of [
      "",
      "ftp://x.org/l.json",
      "http://example.org/list.json",
      "not a url",
      "example.com",
      "ipfs://",
    ]) {
      expect(validateListLocation(bad)).toBe("Enter valid list location");
    }
    expect(validateListLocation("https://example.org/l.json")).toBeNull();
  });

  it("maps list URIs to HTTP URLs; an unknown protocol gives none", () => {
    expect(uriToHttp("https://a.org/l.json")).toEqual(["https://a.org/l.json"]);
    expect(uriToHttp("ipfs://QmAbc")).toEqual(["https://cloudflare-ipfs.com/ipfs/QmAbc", "https://ipfs.io/ipfs/QmAbc"]);
    expect(uriToHttp("ftp://a.org/l.json")).toEqual([]);
  });

  it("accepts only a valid non-zero token address, else `Enter valid token address`", () => {
    expect(validateTokenAddress(A)).toBeNull();
    expect(validateTokenAddress(` ${A.toLowerCase()} `)).toBeNull();
    for (const bad of ["", "0x123", `${A}00`, "0x0000000000000000000000000000000000000000", "RAI"]) {
      expect(validateTokenAddress(bad)).toBe("Enter valid token address");
    }
  });
});

describe("schema validation", () => {
  it("accepts a standard list", async () => {
    const l = list([1, 0, 0], [tok(A, "RAI", { logoURI: "https://x.org/rai.png", tags: ["gov"] })]);
    await expect(validateTokenList(l)).resolves.toEqual(l);
  });

  it("rejects a list that breaks the schema with `Token list failed validation` and details", async () => {
    const bad = {
      name: "Bad",
      timestamp: "yesterday",
      version: { major: 1, minor: 0, patch: 0 },
      tokens: [{ symbol: "X" }],
    };
    await expect(validateTokenList(bad)).rejects.toThrow(/^Token list failed validation: .*(timestamp|tokens)/);
  });

  it("rejects a schema-valid list with duplicate tokens", async () => {
    await expect(validateTokenList(list([1, 0, 0], [tok(A, "RAI"), tok(A, "RAX")]))).rejects.toThrow(
      "Duplicate tokens.",
    );
  });
});

describe("list state reducer (spec 000 §4)", () => {
  const start = (): ListsState => initialListsState([URL1, URL2], [URL1]);
  const v1 = list([1, 0, 0], [tok(A, "RAI")]);
  const v11 = list([1, 1, 0], [tok(A, "RAI"), tok(B, "SOFI")]);

  it("starts with the given lists, only the active ones active", () => {
    const s = start();
    expect(Object.keys(s.byUrl)).toEqual([URL1, URL2]);
    expect(s.activeListUrls).toEqual([URL1]);
    expect(s.byUrl[URL1]).toEqual({ current: null, pendingUpdate: null, loadingRequestId: null, error: null });
  });

  it("records the loading request, then makes the first load current", () => {
    let s = listsReducer(start(), { type: "fetchPending", url: URL1, requestId: "r1" });
    expect(s.byUrl[URL1]?.loadingRequestId).toBe("r1");
    s = listsReducer(s, { type: "fetchFulfilled", url: URL1, requestId: "r1", tokenList: v1 });
    expect(s.byUrl[URL1]).toEqual({ current: v1, pendingUpdate: null, loadingRequestId: null, error: null });
  });

  it("keeps a newer version as a pending update; same or older versions change nothing", () => {
    let s = listsReducer(start(), { type: "fetchFulfilled", url: URL1, requestId: "r1", tokenList: v11 });
    s = listsReducer(s, { type: "fetchPending", url: URL1, requestId: "r2" });
    s = listsReducer(s, { type: "fetchFulfilled", url: URL1, requestId: "r2", tokenList: v1 });
    expect(s.byUrl[URL1]).toEqual({ current: v11, pendingUpdate: null, loadingRequestId: null, error: null });
    const v2 = list([2, 0, 0], []);
    s = listsReducer(s, { type: "fetchFulfilled", url: URL1, requestId: "r3", tokenList: v2 });
    expect(s.byUrl[URL1]?.current).toBe(v11);
    expect(s.byUrl[URL1]?.pendingUpdate).toBe(v2);
  });

  it("accepts or dismisses a pending update; accepting with none pending throws", () => {
    let s = listsReducer(start(), { type: "fetchFulfilled", url: URL1, requestId: "r1", tokenList: v1 });
    expect(() => listsReducer(s, { type: "acceptListUpdate", url: URL1 })).toThrow();
    s = listsReducer(s, { type: "fetchFulfilled", url: URL1, requestId: "r2", tokenList: v11 });
    const accepted = listsReducer(s, { type: "acceptListUpdate", url: URL1 });
    expect(accepted.byUrl[URL1]?.current).toBe(v11);
    expect(accepted.byUrl[URL1]?.pendingUpdate).toBeNull();
    const dismissed = listsReducer(s, { type: "dismissListUpdate", url: URL1 });
    expect(dismissed.byUrl[URL1]?.current).toBe(v1);
    expect(dismissed.byUrl[URL1]?.pendingUpdate).toBeNull();
  });

  it("stores the error and clears current on rejection", () => {
    let s = listsReducer(start(), { type: "fetchFulfilled", url: URL1, requestId: "r1", tokenList: v1 });
    s = listsReducer(s, { type: "fetchPending", url: URL1, requestId: "r2" });
    s = listsReducer(s, { type: "fetchRejected", url: URL1, requestId: "r2", errorMessage: "Failed to download list" });
    expect(s.byUrl[URL1]).toEqual({
      current: null,
      pendingUpdate: null,
      loadingRequestId: null,
      error: "Failed to download list",
    });
  });

  it("ignores replies of a superseded request and of a removed list", () => {
    let s = listsReducer(start(), { type: "fetchPending", url: URL1, requestId: "old" });
    s = listsReducer(s, { type: "fetchPending", url: URL1, requestId: "new" });
    expect(listsReducer(s, { type: "fetchFulfilled", url: URL1, requestId: "old", tokenList: v1 })).toBe(s);
    expect(listsReducer(s, { type: "fetchRejected", url: URL1, requestId: "old", errorMessage: "x" })).toBe(s);
    const removed = listsReducer(s, { type: "removeList", url: URL1 });
    expect(listsReducer(removed, { type: "fetchFulfilled", url: URL1, requestId: "new", tokenList: v1 })).toBe(removed);
  });

  it("adds, enables, disables and removes lists; the last list cannot be removed", () => {
    const URL3 = "ipfs://QmList";
    let s = listsReducer(start(), { type: "addList", url: URL3 });
    expect(s.byUrl[URL3]).toBeDefined();
    expect(s.activeListUrls).not.toContain(URL3);
    s = listsReducer(s, { type: "enableList", url: URL3 });
    expect(s.activeListUrls).toEqual([URL1, URL3]);
    s = listsReducer(s, { type: "enableList", url: URL3 });
    expect(s.activeListUrls).toEqual([URL1, URL3]);
    s = listsReducer(s, { type: "disableList", url: URL1 });
    expect(s.activeListUrls).toEqual([URL3]);
    expect(canRemoveList(s, URL3)).toBe(true);
    s = listsReducer(s, { type: "removeList", url: URL3 });
    expect(s.activeListUrls).toEqual([]);
    s = listsReducer(s, { type: "removeList", url: URL2 });
    expect(Object.keys(s.byUrl)).toEqual([URL1]);
    expect(canRemoveList(s, URL1)).toBe(false);
  });
});

describe("name-service content hashes", () => {
  it("translates ipfs content hashes (CIDv1 and the CIDv0 multihash form) to URIs", () => {
    // expected values computed with the multiformats and bs58 reference libraries
    expect(contenthashToUri("0xe3010170122013e051d1cfff20606de36845d4fe28deb9861a319a5bc8596fa4e610e8803918")).toBe(
      "ipfs://bafybeiat4bi5dt77ebqg3y3iixkp4kg6xgdbumm2lpefs35e4yiorabzda",
    );
    expect(contenthashToUri("0xe30112200000000000000000000000000000000000000000000000000000000000000000")).toBe(
      "ipfs://QmNLei78zWmzUdbeRB3CiUfAizWUrbeeZh5K1rhAQKCh51",
    );
  });

  it("refuses other content hashes with `Failed to translate contenthash to URI`", () => {
    for (const bad of ["0x", "0xzz", "0xe40101701220", "0xe301"]) {
      expect(() => contenthashToUri(bad)).toThrow("Failed to translate contenthash to URI");
    }
  });
});
