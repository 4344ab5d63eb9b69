import { ROUND_NOT_PREDICTABLE, raceButton } from "@sofi/core";
import { describe, expect, it } from "vitest";
import {
  apiBehind,
  bannerState,
  CAROUSEL,
  canonicalPath,
  cardButton,
  countdownParts,
  failureKey,
  formatPrice,
  formatTime,
  isPriceItem,
  itemHref,
  mergeRound,
  pageOf,
  pairSegment,
  parseRoundId,
  percentLine,
  predictButton,
  RACE_POLL_MS,
  raceHref,
  raceStatus,
  rankBadge,
  STATUS_TAGS,
  shareUrl,
  sideOf,
} from "./rules.ts";
import { item, race, T0 } from "./test-fixtures.ts";

describe("paths (spec 002 §2)", () => {
  it("price races live at /headTail/{token}-usdt/{roundId}, events at /headTail/event/{roundId}", () => {
    expect(pairSegment("WETH")).toBe("weth-usdt");
    expect(raceHref(race())).toBe("/headTail/weth-usdt/43");
    expect(raceHref(race({ kind: "event", token: "", roundId: 42 }))).toBe("/headTail/event/42");
  });

  it("a history item's page: price rounds by their name's token, events by id", () => {
    expect(isPriceItem(item())).toBe(true);
    expect(itemHref(item({ name: "WBTC-price", round_id: 41 }))).toBe("/headTail/wbtc-usdt/41");
    const ev = item({ name: "K-League final", team_a: "Seoul Dragons", team_b: "Busan Sharks", round_id: 34 });
    expect(isPriceItem(ev)).toBe(false);
    expect(itemHref(ev)).toBe("/headTail/event/34");
  });

  it("the round id of a path is a round number (the API's rule)", () => {
    expect(parseRoundId("43")).toBe("43");
    for (const bad of [undefined, "", "0", "-1", "4.2", "abc", "01", "1".repeat(19)])
      expect(parseRoundId(bad)).toBeNull();
  });

  it("a path of the wrong kind or pair is replaced by the round's own", () => {
    expect(canonicalPath(race(), "weth-usdt")).toBeNull();
    expect(canonicalPath(race(), "WETH-USDT")).toBeNull();
    expect(canonicalPath(race(), "wbtc-usdt")).toBe("/headTail/weth-usdt/43");
    expect(canonicalPath(race(), undefined)).toBe("/headTail/weth-usdt/43");
    const ev = race({ kind: "event", token: "", roundId: 42 });
    expect(canonicalPath(ev, undefined)).toBeNull();
    expect(canonicalPath(ev, "weth-usdt")).toBe("/headTail/event/42");
  });
});

describe("the race timeline (§4)", () => {
  const r = race();
  it("not started, open (countdown to the end of predictions), in the game, then the result", () => {
    expect(raceStatus(r, T0 - 1)).toEqual({ key: "notStarted", until: T0 });
    expect(raceStatus(r, T0)).toEqual({ key: "open", until: T0 + 3600 });
    expect(raceStatus(r, T0 + 3599)).toEqual({ key: "open", until: T0 + 3600 });
    expect(raceStatus(r, T0 + 3600)).toEqual({ key: "inGame", until: T0 + 7200 });
    // after end_round, result 0 is still in the game (no countdown)
    expect(raceStatus(r, T0 + 7200)).toEqual({ key: "inGame", until: null });
    expect(raceStatus({ ...r, result: 1 }, T0 + 7200).key).toBe("headWon");
    expect(raceStatus({ ...r, result: 2 }, T0 + 7200).key).toBe("tailWon");
    expect(raceStatus({ ...r, result: 3 }, T0 + 7200).key).toBe("draw");
    expect(raceStatus({ ...r, result: 4 }, T0 + 10).key).toBe("cancelled");
  });

  it("the card's button: coming soon, join now, ended (core's without an account)", () => {
    expect(cardButton("notStarted")).toBe("comingSoon");
    expect(cardButton("open")).toBe("joinNow");
    expect(cardButton("inGame")).toBe("ended");
    expect(cardButton("result")).toBe("ended");
    for (const p of ["notStarted", "open", "inGame", "result"] as const) expect(cardButton(p)).toBe(raceButton(p, 0));
  });

  it("§5: the predict button is disabled outside the open window; predicted once my_predict ≠ 0", () => {
    const base = { myPredict: 0, connected: true, wrongNetwork: false, side: 1 as const, busy: false };
    expect(predictButton({ ...base, phase: "notStarted" })).toEqual({ kind: "comingSoon", disabled: true });
    expect(predictButton({ ...base, phase: "inGame" })).toEqual({ kind: "ended", disabled: true });
    expect(predictButton({ ...base, phase: "result" })).toEqual({ kind: "ended", disabled: true });
    expect(predictButton({ ...base, phase: "open" })).toEqual({ kind: "joinNow", disabled: false });
    expect(predictButton({ ...base, phase: "open", myPredict: 2 })).toEqual({ kind: "predicted", disabled: true });
    expect(predictButton({ ...base, phase: "result", myPredict: 1 })).toEqual({ kind: "predicted", disabled: true });
    // inside the window: a side first, one send at a time, a wallet, the right network
    expect(predictButton({ ...base, phase: "open", side: 0 })).toEqual({ kind: "joinNow", disabled: true });
    expect(predictButton({ ...base, phase: "open", busy: true })).toEqual({ kind: "joinNow", disabled: true });
    expect(predictButton({ ...base, phase: "open", connected: false })).toEqual({ kind: "connect", disabled: false });
    expect(predictButton({ ...base, phase: "notStarted", connected: false }).kind).toBe("comingSoon");
    expect(predictButton({ ...base, phase: "open", wrongNetwork: true })).toEqual({ kind: "switch", disabled: false });
  });

  it("§9 countdown: days, hours, minutes and seconds", () => {
    expect(countdownParts(1 * 86_400 + 2 * 3600 + 3 * 60 + 4)).toEqual({ d: 1, h: "02", m: "03", s: "04", days: true });
    expect(countdownParts(3599)).toEqual({ d: 0, h: "00", m: "59", s: "59", days: false });
    expect(countdownParts(-5)).toEqual({ d: 0, h: "00", m: "00", s: "00", days: false });
  });
});

describe("the round shown: the API's with what the chain has first", () => {
  const chain = { result: 0, joined: 8, headCount: 5, tailCount: 3, startPrice: 3500, endPrice: 0, mine: 1 };

  it("a prediction just mined: joined, shares and my side from the chain; the API catches up", () => {
    const api = race();
    const r = mergeRound(api, chain);
    expect(r.joined).toBe(8);
    expect([r.info_1_percent, r.info_2_percent]).toEqual([62.5, 37.5]);
    expect(r.my_predict).toBe(1);
    expect(r.start_price).toBe(3500);
    expect(apiBehind(api, chain)).toBe(true);
    expect(apiBehind({ ...api, my_predict: 1 }, chain)).toBe(false);
    expect(apiBehind(api, { ...chain, mine: 0 })).toBe(false);
    expect(apiBehind(api, undefined)).toBe(false);
  });

  it("the API's figures when it has seen as much; its result and prices when known", () => {
    const api = race({
      joined: 8,
      info_1_percent: 50,
      info_2_percent: 50,
      result: 2,
      start_price: 3400,
      end_price: 3300,
    });
    const r = mergeRound(api, { ...chain, result: 0, mine: 0 });
    expect([r.joined, r.info_1_percent, r.result, r.start_price, r.end_price, r.my_predict]).toEqual([
      8, 50, 2, 3400, 3300, 0,
    ]);
    expect(mergeRound(race(), { ...chain, result: 1 }).result).toBe(1);
    expect(mergeRound(race(), undefined)).toEqual(race());
  });
});

describe("views' rules", () => {
  it("the percentage line: the shares, or an even line before anyone joined", () => {
    expect(percentLine(62.5, 37.5)).toEqual({ head: 62.5, tail: 37.5, empty: false });
    expect(percentLine(0, 0)).toEqual({ head: 50, tail: 50, empty: true });
  });

  it("history tags: on going, won, fail, draw, cancelled (§3 round_status, §4 results)", () => {
    expect(Object.fromEntries(Object.entries(STATUS_TAGS).map(([k, v]) => [k, v.key]))).toEqual({
      ONGOING: "ongoing",
      SUCCESS: "won",
      FAIL: "fail",
      DRAW: "draw",
      CANCELLED: "cancelled",
    });
  });

  it("§3 info: 1 is head / team A, anything else tail / team B", () => {
    expect(sideOf(1)).toBe(1);
    expect(sideOf(2)).toBe(2);
    expect(sideOf(0)).toBe(2);
  });

  it("prices: 2 decimals from 1 up, 4 significant digits below, a dash when unknown", () => {
    expect(formatPrice(3493.1423)).toBe("3,493.14");
    expect(formatPrice(0.0819220080140662)).toBe("0.08192");
    expect(formatPrice(0)).toBe("—");
    expect(formatPrice(Number.NaN)).toBe("—");
  });

  it("times as YYYY-MM-DD HH:mm:ss", () => {
    expect(formatTime(T0)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("share-to-social: an X post with the text and the page, both encoded", () => {
    const u = new URL(shareUrl("I predicted Head & won?", "https://app.example/headTail/weth-usdt/43"));
    expect(u.origin + u.pathname).toBe("https://twitter.com/intent/tweet");
    expect(u.searchParams.get("text")).toBe("I predicted Head & won?");
    expect(u.searchParams.get("url")).toBe("https://app.example/headTail/weth-usdt/43");
  });

  it("rank badges for the top three", () => {
    expect([1, 2, 3, 4, 10].map(rankBadge)).toEqual(["gold", "silver", "bronze", null, null]);
  });

  it("the banner's labels: live while a round of the kind takes predictions or will, ended otherwise", () => {
    const ev = race({ kind: "event", token: "", team_a: "A", team_b: "B" });
    expect(bannerState([race(), ev], T0 + 10)).toEqual({ price: "live", event: "live" });
    expect(bannerState([race()], T0 - 10)).toEqual({ price: "live", event: "ended" });
    expect(bannerState([race()], T0 + 4000)).toEqual({ price: "ended", event: "ended" });
    expect(bannerState([], T0)).toEqual({ price: "ended", event: "ended" });
  });

  it("§8: the wallet's refusal, 'Round not predictable' and the contract's reasons, other messages as they are", () => {
    expect(failureKey(null)).toEqual({ key: "cancelled" });
    expect(failureKey(ROUND_NOT_PREDICTABLE)).toEqual({ key: "reasons.notPredictable" });
    expect(failureKey("execution reverted: Round not predictable")).toEqual({ key: "reasons.notPredictable" });
    expect(failureKey("Already predicted")).toEqual({ key: "reasons.alreadyPredicted" });
    expect(failureKey("Invalid side")).toEqual({ key: "reasons.invalidSide" });
    expect(failureKey("insufficient funds for gas")).toEqual({ text: "insufficient funds for gas" });
    expect(failureKey("")).toEqual({ key: "failed" });
  });

  it("pages of a list", () => {
    const xs = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(xs, 1, 10)).toEqual(xs.slice(0, 10));
    expect(pageOf(xs, 3, 10)).toEqual([20, 21, 22]);
  });

  it("§9: carousels show 3 slides, 2 under 600 px, 1 under 480 px; reads no faster than every 10 s", () => {
    expect(CAROUSEL.slidesToShow).toBe(3);
    expect(CAROUSEL.responsive).toEqual([
      { breakpoint: 600, settings: { slidesToShow: 2 } },
      { breakpoint: 480, settings: { slidesToShow: 1 } },
    ]);
    expect(RACE_POLL_MS).toBeGreaterThanOrEqual(10_000);
  });
});
