import { describe, expect, it } from "vitest";
import {
  APY_MIN_AGE_SECONDS,
  apy,
  assetHistoryQuerySchema,
  cumulativeApy,
  favoriteBodySchema,
  iconProblem,
  PORTFOLIO_ERRORS,
  percentChange,
  portfolioHistoryQuerySchema,
  portfolioInfoBodySchema,
  portfoliosQuerySchema,
  portfoliosV2QuerySchema,
  portfolioTransactionsQuerySchema,
  valuePerSet,
} from "../src/portfolios.ts";

const A = "0x000000000000000000000000000000000000dEaD";
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const PNG = `data:image/png;base64,${btoa("\x89PNG\r\n\x1a\n0000")}`;
const JPG = `data:image/jpeg;base64,${btoa("\xff\xd8\xff\xe0abcd")}`;

describe("list queries", () => {
  it("accepts every orderby of spec 001 §2 and refuses others with the text", () => {
    for (const o of ["favorited", "best", "rated", "viewed", "traded", "risk", "new"])
      expect(portfoliosV2QuerySchema.parse({ orderby: o }).orderby).toBe(o);
    expect(first(portfoliosV2QuerySchema.safeParse({ orderby: "managers" }))).toBe(PORTFOLIO_ERRORS.orderby);
  });
  it("limit 1 to 1000 (default 20), offset from 0, plain digits only", () => {
    expect(portfoliosV2QuerySchema.parse({})).toMatchObject({ limit: 20, offset: 0 });
    expect(portfoliosV2QuerySchema.parse({ limit: "1000", offset: "40" })).toMatchObject({ limit: 1000, offset: 40 });
    for (const limit of ["0", "1001", "1e2", "-1", "1.5", "x"])
      expect(first(portfoliosV2QuerySchema.safeParse({ limit }))).toBe(PORTFOLIO_ERRORS.limit);
    expect(first(portfoliosQuerySchema.safeParse({ offset: "1000001" }))).toBe(PORTFOLIO_ERRORS.offset);
  });
  it("lower-cases addresses, treats an empty address as none, refuses bad ones", () => {
    expect(portfoliosV2QuerySchema.parse({ manager: A, address: "" })).toMatchObject({
      manager: A.toLowerCase(),
      address: undefined,
    });
    expect(first(portfoliosQuerySchema.safeParse({ buyer: "0x12" }))).toBe("Invalid address: 0x12");
  });
  it("search: at most 64 characters, no control characters", () => {
    expect(portfoliosV2QuerySchema.parse({ search: "eth" }).search).toBe("eth");
    expect(first(portfoliosV2QuerySchema.safeParse({ search: "a\u0000" }))).toMatch(/search must not contain control/);
    expect(first(portfoliosV2QuerySchema.safeParse({ search: "x".repeat(65) }))).toMatch(/at most 64/);
  });
  it("history types", () => {
    expect(portfolioHistoryQuerySchema.parse({ type: "1w" }).type).toBe("1w");
    expect(first(portfolioHistoryQuerySchema.safeParse({ type: "day" }))).toBe(PORTFOLIO_ERRORS.historyType);
    expect(first(portfolioHistoryQuerySchema.safeParse({}))).toBe(PORTFOLIO_ERRORS.historyType);
    expect(assetHistoryQuerySchema.parse({ buyer: A }).type).toBe("1w");
    expect(first(assetHistoryQuerySchema.safeParse({ type: "1d" }))).toBe("Missing buyer");
    expect(first(portfolioTransactionsQuerySchema.safeParse({}))).toBe("Missing address");
  });
});

describe("portfolio info body", () => {
  it("intro at most 800 characters (spec 001 §5), newlines allowed, other controls not", () => {
    expect(portfolioInfoBodySchema.safeParse({ portfolio: A, intro: "x".repeat(800) }).success).toBe(true);
    expect(portfolioInfoBodySchema.safeParse({ portfolio: A, intro: "a\nb\r\nc" }).success).toBe(true);
    expect(first(portfolioInfoBodySchema.safeParse({ portfolio: A, intro: "x".repeat(801) }))).toBe(
      PORTFOLIO_ERRORS.introTooLong,
    );
    expect(first(portfolioInfoBodySchema.safeParse({ portfolio: A, intro: "a\u0000" }))).toMatch(
      /intro must not contain/,
    );
    expect(first(portfolioInfoBodySchema.safeParse({ portfolio: A, intro: 5 }))).toBe("intro must be a string");
  });
  it("icon: JPG or PNG by content, under 2 MB, null removes", () => {
    expect(iconProblem(PNG)).toBeNull();
    expect(iconProblem(JPG)).toBeNull();
    expect(iconProblem(`data:image/png;base64,${btoa("GIF89a000000")}`)).toBe(PORTFOLIO_ERRORS.iconType);
    expect(iconProblem("data:image/gif;base64,R0lGOD")).toBe(PORTFOLIO_ERRORS.iconType);
    expect(iconProblem("https://x/y.png")).toBe(PORTFOLIO_ERRORS.iconType);
    const big = `data:image/png;base64,${btoa("\x89PNG\r\n\x1a\n0")}${"A".repeat(Math.ceil((2 * 1024 * 1024) / 3) * 4)}`;
    expect(iconProblem(big)).toBe(PORTFOLIO_ERRORS.iconSize);
    expect(portfolioInfoBodySchema.parse({ portfolio: A, intro: "", icon: null }).icon).toBeNull();
    expect(first(portfolioInfoBodySchema.safeParse({ portfolio: A, intro: "", icon: "x" }))).toBe(
      PORTFOLIO_ERRORS.iconType,
    );
  });
});

describe("favorite body", () => {
  it("true/false or 1/0", () => {
    expect(favoriteBodySchema.parse({ portfolio: A, favorite: 1 }).favorite).toBe(true);
    expect(favoriteBodySchema.parse({ portfolio: A, favorite: false }).favorite).toBe(false);
    expect(first(favoriteBodySchema.safeParse({ portfolio: A, favorite: "yes" }))).toBe(
      "favorite must be true or false",
    );
    expect(first(favoriteBodySchema.safeParse({ favorite: true }))).toBe("Missing portfolio");
  });
});

describe("valuation", () => {
  it("value per set from units and prices", () => {
    expect(
      valuePerSet([
        { unit: 5n * 10n ** 17n, decimals: 18, priceUsd: 100 },
        { unit: 25_000_000n, decimals: 6, priceUsd: 2 },
      ]),
    ).toBeCloseTo(100);
  });
  it("changes and cumulative APY", () => {
    expect(percentChange(110, 100)).toBeCloseTo(10);
    expect(percentChange(110, 0)).toBe(0);
    expect(cumulativeApy(50, 100)).toBeCloseTo(-50);
  });
  it("APY compounds the return to a year, age floored at 30 days", () => {
    expect(apy(121, 100, 365 * 86_400 * 2)).toBeCloseTo(10);
    expect(apy(110, 100, 1)).toBeCloseTo(apy(110, 100, APY_MIN_AGE_SECONDS));
    expect(apy(110, 100, APY_MIN_AGE_SECONDS)).toBeCloseTo((1.1 ** (365 / 30) - 1) * 100);
    expect(apy(0, 100, 86_400)).toBe(-100);
  });
});
