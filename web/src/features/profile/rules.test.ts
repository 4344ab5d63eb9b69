import { describe, expect, it } from "vitest";
import {
  avatarProblem,
  isOwnProfile,
  mergeTransactions,
  type ProfileTx,
  parseTab,
  shortDecimal,
  shortUnits,
  sniffImage,
  tokenPrice,
  tradeHref,
  type WalletToken,
  walletRows,
  walletTotal,
} from "./rules.ts";

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const TEXT_HEAD = new TextEncoder().encode("not an image");

describe("profile tabs (spec 001 §2)", () => {
  it("the URL's tab 1 to 6 is shown; missing or unknown falls back to 1", () => {
    for (const t of ["1", "2", "3", "4", "5", "6"]) expect(parseTab(t)).toBe(t);
    for (const t of [undefined, "", "0", "7", "9", "overview", "1.0", " 2"]) expect(parseTab(t)).toBe("1");
  });

  it("own profile: the connected account equals the address, whatever the case; none without a wallet", () => {
    const a = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
    expect(isOwnProfile(a.toLowerCase(), a)).toBe(true);
    expect(isOwnProfile(a, a.toLowerCase())).toBe(true);
    expect(isOwnProfile(undefined, a)).toBe(false);
    expect(isOwnProfile("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", a)).toBe(false);
  });
});

describe("wallet table (spec 001 §2)", () => {
  const USDT = "0x00000000000000000000000000000000000000aa";
  const DAI = "0x00000000000000000000000000000000000000Bb";
  const SET = "0x00000000000000000000000000000000000000cc";
  const tokens: WalletToken[] = [
    { address: "native", symbol: "ETH", name: "Ether", decimals: 18, price: 2000 },
    { address: USDT, symbol: "USDT", name: "Tether", decimals: 6, price: 0.97 },
    { address: DAI, symbol: "DAI", name: "Dai", decimals: 18, price: null },
    { address: SET, symbol: "DFP", name: "DeFi Pulse", decimals: 18, price: 120, portfolio: true },
    { address: USDT.toUpperCase().replace("0X", "0x"), symbol: "USDT", name: "dup", decimals: 6, price: 1 },
  ];
  const balances = {
    native: 2n * 10n ** 18n,
    [USDT]: 1_500_000n,
    [DAI.toLowerCase()]: 0n,
    [SET]: 5n * 10n ** 17n,
  };

  it("USDT is priced at 1 whatever the API says; others keep the API's price", () => {
    expect(tokenPrice("USDT", 0.97)).toBe(1);
    expect(tokenPrice("usdt", null)).toBe(1);
    expect(tokenPrice("DAI", 0.99)).toBe(0.99);
    expect(tokenPrice("DAI", null)).toBeNull();
  });

  it("zero balances are hidden by default and shown with the switch; a token listed twice appears once", () => {
    const hidden = walletRows(tokens, balances, false);
    expect(hidden.map((r) => r.symbol)).toEqual(["ETH", "DFP", "USDT"]);
    const all = walletRows(tokens, balances, true);
    expect(all.map((r) => r.symbol).sort()).toEqual(["DAI", "DFP", "ETH", "USDT"]);
  });

  it("values are balance × price, largest first; the total sums the known values", () => {
    const rows = walletRows(tokens, balances, false);
    const by = Object.fromEntries(rows.map((r) => [r.symbol, r]));
    expect(by.ETH?.value).toBe(4000);
    expect(by.USDT?.amount).toBe(1.5);
    expect(by.USDT?.value).toBe(1.5);
    expect(by.DFP?.value).toBe(60);
    expect(walletTotal(rows)).toBe(4061.5);
  });

  it("a balance still unknown is hidden until the switch shows it (no value); an unpriced token has no value", () => {
    expect(walletRows(tokens, { native: undefined }, false).find((r) => r.symbol === "ETH")).toBeUndefined();
    const rows = walletRows(tokens, { native: undefined }, true);
    expect(rows.find((r) => r.symbol === "ETH")?.value).toBeUndefined();
    const dai = walletRows(tokens, { [DAI.toLowerCase()]: 10n ** 18n }, false).find((r) => r.symbol === "DAI");
    expect(dai?.amount).toBe(1);
    expect(dai?.value).toBeUndefined();
  });

  it("Trade opens the portfolio page for portfolio tokens, otherwise the swap", () => {
    expect(tradeHref({ address: SET, symbol: "DFP", portfolio: true })).toBe(`/sts/portfolio/${SET}`);
    expect(tradeHref({ address: USDT, symbol: "USDT" })).toBe(`/aggregateSwap?inputCurrency=${USDT}`);
    expect(tradeHref({ address: "native", symbol: "ETH" })).toBe("/aggregateSwap?inputCurrency=ETH");
    expect(walletRows(tokens, balances, false).find((r) => r.symbol === "DFP")?.tradeHref).toBe(
      `/sts/portfolio/${SET}`,
    );
  });
});

describe("avatar checks (spec 001 §5)", () => {
  it("PNG and JPEG are known by their first bytes", () => {
    expect(sniffImage(PNG_HEAD)).toBe("png");
    expect(sniffImage(JPG_HEAD)).toBe("jpeg");
    expect(sniffImage(TEXT_HEAD)).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });

  it("only JPG/PNG, by type and by content", () => {
    expect(avatarProblem({ type: "image/png", size: 100 }, PNG_HEAD)).toBeNull();
    expect(avatarProblem({ type: "image/jpeg", size: 100 }, JPG_HEAD)).toBeNull();
    expect(avatarProblem({ type: "image/gif", size: 100 }, PNG_HEAD)).toBe("You can only upload JPG/PNG file!");
    expect(avatarProblem({ type: "image/png", size: 100 }, TEXT_HEAD)).toBe("You can only upload JPG/PNG file!");
  });

  it("under 2 MB", () => {
    const max = 2 * 1024 * 1024;
    expect(avatarProblem({ type: "image/png", size: max - 1 }, PNG_HEAD)).toBeNull();
    expect(avatarProblem({ type: "image/png", size: max }, PNG_HEAD)).toBe("Image must smaller than 2MB!");
  });
});

describe("transactions tab", () => {
  const tx = (key: string, at: number, kind: ProfileTx["kind"]): ProfileTx => ({
    key,
    txid: `0x${key}`,
    created_at: at,
    kind,
    token_in_symbol: "A",
    token_out_symbol: "B",
    token_in_amount: "1",
    token_out_amount: "2",
  });

  it("swaps and portfolio trades together, newest first", () => {
    const merged = mergeTransactions(
      [tx("s1", 100, "swap"), tx("s2", 300, "swap")],
      [tx("b1", 200, "buy"), tx("x1", 400, "sell")],
    );
    expect(merged.map((t) => t.key)).toEqual(["x1", "s2", "b1", "s1"]);
  });

  it("amounts are shortened to six decimals", () => {
    expect(shortUnits("1234567890000000000000", 18)).toBe("1,234.56789");
    expect(shortUnits("1500000", 6)).toBe("1.5");
    expect(shortUnits("1", null)).toBe("0");
    expect(shortDecimal("12.3456789")).toBe("12.345678");
    expect(shortDecimal("1000.000")).toBe("1,000");
  });
});
