import { describe, expect, it } from "vitest";
import { filterTokens, searchTokens, sortTokensByQuery, tokenMatchesQuery } from "../src/token-search.ts";

const T = (symbol: string, name: string, address: string) => ({ symbol, name, address });
const usdc = T("USDC", "USD Coin", "0x8A791620dd6260079BF849Dc5567aDC3F2FdC318");
const usdt = T("USDT", "Tether USD", "0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6");
const dai = T("DAI", "Dai Stablecoin", "0x610178dA211FEF7D417bC0e6FeD39F05609AD788");
const usd = T("USD", "Plain Dollar", "0x0000000000000000000000000000000000000001");
const ausd = T("AUSD", "Agora Dollar", "0x0000000000000000000000000000000000000002");
const weth = T("WETH", "Wrapped Ether", "0x5FbDB2315678afecb367f032d93F642f64180aa3");
const all = [usdc, usdt, dai, ausd, usd, weth];

describe("token search (spec 000 §5)", () => {
  it("returns every token for an empty or blank query", () => {
    expect(filterTokens(all, "")).toEqual(all);
    expect(filterTokens(all, "   ")).toEqual(all);
  });

  it("matches a valid address exactly, in any case, and nothing else", () => {
    expect(filterTokens(all, usdc.address.toLowerCase())).toEqual([usdc]);
    expect(filterTokens(all, usdc.address.toUpperCase().replace("0X", "0x"))).toEqual([usdc]);
    expect(filterTokens(all, "0x0000000000000000000000000000000000000009")).toEqual([]);
  });

  it("matches a term that is a prefix or a suffix of a word in the symbol or the name", () => {
    expect(tokenMatchesQuery(weth, "wra")).toBe(true); // prefix of a name word
    expect(tokenMatchesQuery(weth, "ther")).toBe(true); // suffix of "Ether"
    expect(tokenMatchesQuery(weth, "eth")).toBe(true); // suffix of the symbol
    expect(tokenMatchesQuery(weth, "rapp")).toBe(false); // inside a word only
    expect(tokenMatchesQuery(dai, "coin")).toBe(true); // suffix of "Stablecoin"
  });

  it("requires every whitespace-separated term to match", () => {
    expect(tokenMatchesQuery(usdc, "usd coin")).toBe(true);
    expect(tokenMatchesQuery(usdt, "usd coin")).toBe(false);
    expect(filterTokens(all, "  wrapped   ether ")).toEqual([weth]);
  });

  it("sorts exact symbol matches first, then symbol prefixes, then the rest, stably", () => {
    expect(searchTokens(all, "usd").map((t) => t.symbol)).toEqual(["USD", "USDC", "USDT", "AUSD"]);
    expect(sortTokensByQuery(all, "dai").map((t) => t.symbol)[0]).toBe("DAI");
  });

  it("keeps input order for multi-term queries", () => {
    expect(sortTokensByQuery([usdt, usdc], "usd coin")).toEqual([usdt, usdc]);
  });
});
