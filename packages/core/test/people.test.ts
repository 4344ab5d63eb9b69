import { describe, expect, it } from "vitest";
import {
  ALERT_ERRORS,
  alertBodySchema,
  alertDiscordProblem,
  alertFormProblems,
  alertPriceProblem,
  alertPriceText,
  alertRequestBody,
  alertSettingsSchema,
  alertThresholdProblem,
  FAUCET_ERRORS,
  faucetBodySchema,
  isDiscordWebhookUrl,
  stripAlertPrice,
} from "../src/people.ts";

const HOOK = "https://discord.com/api/webhooks/123456789012345678/AbC-def_GHI123";
const SET = "0x00000000000000000000000000000000000000a1";
const BUYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe("Discord webhook URLs", () => {
  it("accepts discord.com and discordapp.com webhook paths only", () => {
    expect(isDiscordWebhookUrl(HOOK)).toBe(true);
    expect(isDiscordWebhookUrl("https://discordapp.com/api/webhooks/1/tok")).toBe(true);
  });
  it.each([
    "http://discord.com/api/webhooks/1/tok", // not https
    "https://discord.com.evil.com/api/webhooks/1/tok",
    "https://evil.com/api/webhooks/1/tok",
    "https://discord.com@evil.com/api/webhooks/1/tok", // userinfo
    "https://user:pw@discord.com/api/webhooks/1/tok",
    "https://evil.com#@discord.com/api/webhooks/1/tok",
    "https://evil.com\\@discord.com/api/webhooks/1/tok",
    "https://discord.com:8443/api/webhooks/1/tok", // port
    "https://discord.com:443/api/webhooks/1/tok",
    "https://127.0.0.1/api/webhooks/1/tok", // IP literals
    "https://[::1]/api/webhooks/1/tok",
    "https://2130706433/api/webhooks/1/tok",
    "https://169.254.169.254/api/webhooks/1/tok",
    "https://canary.discord.com/api/webhooks/1/tok",
    "https://DISCORD.com/api/webhooks/1/tok",
    "https://discord.com./api/webhooks/1/tok",
    "https://discord.com/api/webhooks/abc/tok", // path shapes
    "https://discord.com/api/webhooks/1",
    "https://discord.com/api/webhooks/1/tok/extra",
    "https://discord.com/api/webhooks/1/../../../x",
    "https://discord.com/api/webhooks/1/%2e%2e",
    "https://discord.com/api/v10/webhooks/1/tok",
    "https://discord.com/api/webhooks/1/tok?url=http://127.0.0.1",
    "https://discord.com/api/webhooks/1/tok#x",
    "https://discord.com//api/webhooks/1/tok",
    " https://discord.com/api/webhooks/1/tok",
    "https://discord.com/api/webhooks/1/tok\n",
    "javascript:alert(1)",
    "file:///etc/passwd",
    "",
  ])("refuses %j", (url) => {
    expect(isDiscordWebhookUrl(url)).toBe(false);
  });
});

describe("alert body (spec 001 §5, §7)", () => {
  const ok = { price_alert: 1, trade_alert: 0, set: SET, buyer: BUYER, up: "12.5", down: "", discord: HOOK };
  it("parses the spec's fields; empty thresholds are null", () => {
    const r = alertBodySchema.parse(ok);
    expect(r).toEqual({
      price_alert: 1,
      trade_alert: false,
      set: SET,
      buyer: BUYER.toLowerCase(),
      up: "12.5",
      down: null,
      discord: HOOK,
    });
    expect(alertBodySchema.parse({ ...ok, trade_alert: "1", up: 7, down: null }).trade_alert).toBe(true);
  });
  it.each([
    [{ up: "1.234" }, ALERT_ERRORS.up],
    [{ up: "abc" }, ALERT_ERRORS.up],
    [{ up: "-1" }, ALERT_ERRORS.up],
    [{ up: "1e3" }, ALERT_ERRORS.up],
    [{ up: Number.NaN }, ALERT_ERRORS.up],
    [{ down: "1.2.3" }, ALERT_ERRORS.down],
    [{ down: ".5" }, ALERT_ERRORS.down],
    [{ discord: undefined }, ALERT_ERRORS.discordMissing],
    [{ discord: "  " }, ALERT_ERRORS.discordMissing],
    [{ discord: "https://evil.com/api/webhooks/1/t" }, ALERT_ERRORS.discordShape],
    [{ price_alert: 0 }, ALERT_ERRORS.priceAlert],
    [{ price_alert: undefined }, ALERT_ERRORS.priceAlert],
    [{ trade_alert: 2 }, ALERT_ERRORS.tradeAlert],
    [{ set: undefined }, ALERT_ERRORS.missingSet],
    [{ set: "0x12" }, "Invalid address: 0x12"],
    [{ buyer: undefined }, ALERT_ERRORS.missingBuyer],
  ])("refuses %j with its text", (patch, message) => {
    expect(firstError(alertBodySchema.safeParse({ ...ok, ...patch }))).toBe(message);
  });
  it("thresholds against the current value: up above, down below", () => {
    expect(alertThresholdProblem("101", "99", 100)).toBeNull();
    expect(alertThresholdProblem(null, null, 100)).toBeNull();
    expect(alertThresholdProblem("100", null, 100)).toBe(ALERT_ERRORS.up);
    expect(alertThresholdProblem(null, "100", 100)).toBe(ALERT_ERRORS.down);
    expect(alertThresholdProblem(null, "100.01", 100)).toBe(ALERT_ERRORS.down);
  });
  it("strips what is not a digit or a dot from typed prices", () => {
    expect(stripAlertPrice("$1,234.5a")).toBe("1234.5");
  });
});

describe("faucet body (spec 001 §3, §7)", () => {
  it("address (any case) and an optional trimmed name", () => {
    expect(faucetBodySchema.parse({ address: BUYER })).toEqual({ address: BUYER.toLowerCase(), name: "" });
    expect(faucetBodySchema.parse({ address: BUYER, name: " a b " }).name).toBe("a b");
  });
  it.each([
    [{}, FAUCET_ERRORS.missingAddress],
    [{ address: "0x123" }, "Invalid address: 0x123"],
    [{ address: BUYER, name: 5 }, FAUCET_ERRORS.name],
    [{ address: BUYER, name: "x".repeat(129) }, FAUCET_ERRORS.name],
    [{ address: BUYER, name: "a\u0000b" }, FAUCET_ERRORS.name],
  ])("refuses %j with its text", (body, message) => {
    expect(firstError(faucetBodySchema.safeParse(body))).toBe(message);
  });
});

describe("price-alert drawer input (spec 001 §5)", () => {
  it.each([
    ["", null],
    ["  ", null],
    ["101", null],
    ["100.01", null],
    ["100.5", null],
    ["100", ALERT_ERRORS.up], // not above
    ["99.99", ALERT_ERRORS.up],
    ["100.001", ALERT_ERRORS.up], // three decimals
    ["1.2.3", ALERT_ERRORS.up],
    [".5", ALERT_ERRORS.up],
    ["101.", ALERT_ERRORS.up],
    ["-101", ALERT_ERRORS.up],
  ])("upper %j against 100 → %j", (raw, problem) => {
    expect(alertPriceProblem("up", raw, 100)).toBe(problem);
  });
  it.each([
    ["", null],
    ["99.99", null],
    ["0", null],
    ["100", ALERT_ERRORS.down], // not below
    ["100.01", ALERT_ERRORS.down],
    ["99.999", ALERT_ERRORS.down],
    ["9a", ALERT_ERRORS.down],
  ])("lower %j against 100 → %j", (raw, problem) => {
    expect(alertPriceProblem("down", raw, 100)).toBe(problem);
  });
  it("the Discord webhook URL is required and must be Discord's", () => {
    expect(alertDiscordProblem("")).toBe(ALERT_ERRORS.discordMissing);
    expect(alertDiscordProblem("   ")).toBe(ALERT_ERRORS.discordMissing);
    expect(alertDiscordProblem("https://example.com/hook")).toBe(ALERT_ERRORS.discordShape);
    expect(alertDiscordProblem(` ${HOOK} `)).toBeNull();
  });
  it("reports every field's problem at once, nothing when valid", () => {
    expect(alertFormProblems({ up: "50", down: "150", discord: "" }, 100)).toEqual({
      up: ALERT_ERRORS.up,
      down: ALERT_ERRORS.down,
      discord: ALERT_ERRORS.discordMissing,
    });
    expect(alertFormProblems({ up: "", down: "", discord: HOOK }, 100)).toEqual({});
    expect(alertFormProblems({ up: "120", down: "80.5", discord: HOOK }, 100)).toEqual({});
  });
  it("shows stored thresholds with at most two decimals", () => {
    expect(alertPriceText(null)).toBe("");
    expect(alertPriceText(undefined)).toBe("");
    expect(alertPriceText(12.5)).toBe("12.5");
    expect(alertPriceText(100)).toBe("100");
    expect(alertPriceText(0)).toBe("0");
    expect(alertPriceText(99.99)).toBe("99.99");
    expect(alertPriceText(1e21)).toBe("1000000000000000000000");
    expect(alertPriceText(Number.NaN)).toBe("");
  });
  it("builds the body the server accepts; empty thresholds are null", () => {
    const body = alertRequestBody({ up: " 120 ", down: "", discord: ` ${HOOK}` }, SET, BUYER, true);
    expect(body).toEqual({
      price_alert: 1,
      trade_alert: 1,
      set: SET,
      buyer: BUYER,
      up: "120",
      down: null,
      discord: HOOK,
    });
    expect(alertBodySchema.safeParse(body).success).toBe(true);
    expect(alertRequestBody({ up: "", down: "1", discord: HOOK }, SET, BUYER, false).trade_alert).toBe(0);
  });
  it("reads the signed GET's reply", () => {
    const r = { set: SET, up: 120, down: null, trade_alert: false, discord: HOOK };
    expect(alertSettingsSchema.parse(r)).toEqual(r);
    expect(alertSettingsSchema.safeParse({ ...r, up: "120" }).success).toBe(false);
  });
});
