/**
 * Faucet and price alerts of spec 001 (issue 11): §3 "Faucet payload: address and name (the two
 * social usernames joined)" and "Price alert: up and down thresholds, trade_alert flag, discord
 * webhook URL", §5 price-alert rules, §7 `POST /sts/faucet` and `POST /sofi/alert`, §8 "Already
 * Funded Today.", §9 the grants. Request and reply schemas shared by the server and the web app.
 */
import { z } from "zod";
import { addressSchema, textProblem } from "./validation.ts";

// ------------------------------------------------------------------ faucet

/** Spec 001 §8 and the faucet's other answers. */
export const FAUCET_ERRORS = {
  /** §8: a second (or third) claim of the UTC day; the reply carries `faucet_count`. */
  alreadyFunded: "Already Funded Today.",
  missingAddress: "Missing address",
  name: "name must be text of at most 128 characters",
  notConfigured: "The faucet is not available on this server",
  notTestnet: "The faucet only runs on test networks",
  sendFailed: "The faucet could not send the tokens; please try again",
  tooMany: "Too many faucet requests; please retry later",
  /** Recipients refused before any transaction (docs/decisions.md "Faucet recipients"). */
  zeroAddress: "The faucet cannot send to the zero address",
  selfAddress: "The faucet cannot send to its own address",
  tokenContract: "The faucet cannot send to a token contract; use your wallet address",
  blockedAddress: "Blocked address",
} as const;

/**
 * Whether the faucet can serve `address` (lowercase or checksummed), before any transaction: not
 * the zero address (tokens and coins would be burnt, and OpenZeppelin tokens revert), not the
 * faucet's own account (a transfer to itself grants nothing), not a token contract the deployment
 * lists (tokens sent there are stuck), not a blocked address. Returns the refusal text, or null.
 */
export function faucetRecipientProblem(
  address: string,
  opts: { faucet: string | null; tokens: readonly string[]; blocked: ReadonlySet<string> },
): string | null {
  const a = address.toLowerCase();
  if (/^0x0{40}$/.test(a)) return FAUCET_ERRORS.zeroAddress;
  if (opts.faucet && a === opts.faucet.toLowerCase()) return FAUCET_ERRORS.selfAddress;
  if (opts.tokens.some((t) => t.toLowerCase() === a)) return FAUCET_ERRORS.tokenContract;
  if (opts.blocked.has(a)) return FAUCET_ERRORS.blockedAddress;
  return null;
}

export const FAUCET_NAME_MAX = 128;

/**
 * Spec 001 §9 grants (docs/decisions.md "Faucet and price alerts"): a normal claim sends 10,000 test
 * USDT and 0.1 of the native coin (gas for the first trades); the extra claim (after the normal one,
 * with both social usernames) sends 100 test USDT. Whole units; the server scales by decimals.
 */
export const FAUCET_GRANTS = {
  normal: { usdt: "10000", native: "0.1" },
  extra: { usdt: "100", native: "0" },
} as const;
export type FaucetKind = keyof typeof FAUCET_GRANTS;

/** `POST /sts/faucet`: the address to fund and, for the extra claim, the two usernames joined. */
export const faucetBodySchema = z.object({
  address: z.string({ message: FAUCET_ERRORS.missingAddress }).pipe(addressSchema),
  name: z
    .string({ message: FAUCET_ERRORS.name })
    .superRefine((v, ctx) => {
      if (textProblem(v, FAUCET_NAME_MAX)) ctx.addIssue({ code: "custom", message: FAUCET_ERRORS.name });
    })
    .transform((v) => v.trim())
    .optional()
    .default(""),
});
export type FaucetBody = z.infer<typeof faucetBodySchema>;

/** A refused claim: the error text and how many claims the address made today (1 switches the web to extra mode). */
export const faucetErrorSchema = z.object({ error: z.string(), faucet_count: z.number().int().optional() });

/** A granted claim. */
export const faucetReplySchema = z.object({
  address: z.string(),
  kind: z.enum(["normal", "extra"]),
  /** Claims of the address today, this one included. */
  faucet_count: z.number().int(),
  /** Transactions sent for this claim (the token transfer, then the native coin). */
  tx_hashes: z.array(z.string()),
});
export type FaucetReply = z.infer<typeof faucetReplySchema>;

// ------------------------------------------------------------------ price alerts

/** Spec 001 §5 message keys (the web translates them) and the alert endpoint's other texts. */
export const ALERT_ERRORS = {
  up: "up_to_that_price_alert_error",
  down: "down_to_that_price_alert_error",
  discordMissing: "please_input_the_url",
  discordShape: "discord must be a Discord webhook URL: https://discord.com/api/webhooks/{id}/{token}",
  priceAlert: "price_alert must be 1",
  tradeAlert: "trade_alert must be 0 or 1",
  missingSet: "Missing set",
  missingBuyer: "Missing buyer",
  notSigner: "buyer must be the signing address",
  notManager: "Only the portfolio's manager can set its price alert",
  notFound: "Portfolio not found",
} as const;

/** §8 success toast key of `POST /sofi/alert`. */
export const ALERT_SUCCESS = "setting_success";

/** §5: digits with at most two decimals. */
export const ALERT_PRICE_RE = /^\d{1,24}(\.\d{1,2})?$/;

/** §5 "Non-digit, non-dot characters stripped" (the drawer's input; the server checks strictly). */
export const stripAlertPrice = (raw: string): string => raw.replace(/[^\d.]/g, "");

/**
 * Discord's webhook URL and nothing else: https, host discord.com or discordapp.com (no port, no
 * userinfo, no other host, no IP), path /api/webhooks/{numeric id}/{token}, no query or fragment.
 * Checked on the raw text, so no URL normalisation (backslashes, percent-escapes, dots) can change
 * where it points; the server never follows redirects either.
 */
export const DISCORD_WEBHOOK_RE =
  /^https:\/\/(discord\.com|discordapp\.com)\/api\/webhooks\/\d{1,25}\/[A-Za-z0-9_-]{1,100}$/;

export function isDiscordWebhookUrl(value: string): boolean {
  if (!DISCORD_WEBHOOK_RE.test(value)) return false;
  const u = URL.parse(value);
  return (
    u !== null &&
    u.protocol === "https:" &&
    (u.hostname === "discord.com" || u.hostname === "discordapp.com") &&
    u.port === "" &&
    u.username === "" &&
    u.password === "" &&
    u.href === value
  );
}

/** A threshold: empty (null) or digits with at most two decimals; numbers are read as their text. */
const thresholdSchema = (message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null) return null;
      const s = typeof v === "number" ? (Number.isFinite(v) ? String(v) : "x") : v.trim();
      if (s === "") return null;
      if (!ALERT_PRICE_RE.test(s)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return s;
    });

const flag01 = (message: string) =>
  z
    .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean()], { message })
    .transform((v) => v === 1 || v === "1" || v === true);

/**
 * `POST /sofi/alert` (signed by the portfolio's manager): spec 001 §7 fields. `up`/`down` are
 * checked against the current value per set by the server (it knows the value).
 */
export const alertBodySchema = z.object({
  price_alert: z.union([z.literal(1), z.literal("1"), z.literal(true)], { message: ALERT_ERRORS.priceAlert }),
  trade_alert: flag01(ALERT_ERRORS.tradeAlert).optional().default(false),
  set: z.string({ message: ALERT_ERRORS.missingSet }).pipe(addressSchema),
  buyer: z.string({ message: ALERT_ERRORS.missingBuyer }).pipe(addressSchema),
  up: thresholdSchema(ALERT_ERRORS.up),
  down: thresholdSchema(ALERT_ERRORS.down),
  discord: z
    .string({ message: ALERT_ERRORS.discordMissing })
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (v === "") ctx.addIssue({ code: "custom", message: ALERT_ERRORS.discordMissing });
      else if (!isDiscordWebhookUrl(v)) ctx.addIssue({ code: "custom", message: ALERT_ERRORS.discordShape });
    }),
});
export type AlertBody = z.infer<typeof alertBodySchema>;

/**
 * §5 against the current value per set: the upper threshold above it, the lower below it. Returns
 * the message key of the first broken rule, or null.
 */
export function alertThresholdProblem(up: string | null, down: string | null, valuePerSet: number): string | null {
  if (up !== null && !(Number(up) > valuePerSet)) return ALERT_ERRORS.up;
  if (down !== null && !(Number(down) < valuePerSet)) return ALERT_ERRORS.down;
  return null;
}

/** The answer of a saved alert (§8 success toast key). */
export const alertReplySchema = z.object({ result: z.literal(ALERT_SUCCESS), set: z.string() });

/** `GET /sofi/alert?set=` (signed): the signer's alert of the portfolio; nulls and false when none is set. */
export const alertSettingsSchema = z.object({
  set: z.string(),
  up: z.number().nullable(),
  down: z.number().nullable(),
  trade_alert: z.boolean(),
  discord: z.string().nullable(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

// ------------------------------------------------------------------ the price-alert drawer's input rules

/** The drawer's fields as typed. */
export type AlertForm = { up: string; down: string; discord: string };
export type AlertFormProblems = Partial<Record<keyof AlertForm, string>>;

/**
 * §5 one threshold as typed: empty is allowed; otherwise digits with at most two decimals, above the
 * current value per set (`up`) or below it (`down`). Returns the §5 message key, or null.
 */
export function alertPriceProblem(side: "up" | "down", raw: string, valuePerSet: number): string | null {
  const v = raw.trim();
  if (v === "") return null;
  const key = ALERT_ERRORS[side];
  if (!ALERT_PRICE_RE.test(v)) return key;
  const n = Number(v);
  return (side === "up" ? n > valuePerSet : n < valuePerSet) ? null : key;
}

/** §5 "Discord webhook URL required (please_input_the_url)", and only Discord's webhook URL (server rule). */
export function alertDiscordProblem(raw: string): string | null {
  const v = raw.trim();
  if (v === "") return ALERT_ERRORS.discordMissing;
  return isDiscordWebhookUrl(v) ? null : ALERT_ERRORS.discordShape;
}

/** Every field's problem at once (the drawer shows each under its field); empty when it may be saved. */
export function alertFormProblems(f: AlertForm, valuePerSet: number): AlertFormProblems {
  const out: AlertFormProblems = {};
  const up = alertPriceProblem("up", f.up, valuePerSet);
  const down = alertPriceProblem("down", f.down, valuePerSet);
  const discord = alertDiscordProblem(f.discord);
  if (up) out.up = up;
  if (down) out.down = down;
  if (discord) out.discord = discord;
  return out;
}

/** A stored threshold as the drawer's text (at most two decimals, no trailing zeros); null is empty. */
export function alertPriceText(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "";
  // toFixed writes 1e21 and above in exponent form; such values have no decimals left anyway
  if (Math.abs(n) >= 1e21) return BigInt(Math.round(n)).toString();
  return n.toFixed(2).replace(/\.?0+$/, "");
}

/** `POST /sofi/alert`'s body (spec 001 §7) from the drawer's fields; empty thresholds are sent as null. */
export function alertRequestBody(
  f: AlertForm,
  set: string,
  buyer: string,
  tradeAlert: boolean,
): {
  price_alert: 1;
  trade_alert: 0 | 1;
  set: string;
  buyer: string;
  up: string | null;
  down: string | null;
  discord: string;
} {
  return {
    price_alert: 1,
    trade_alert: tradeAlert ? 1 : 0,
    set,
    buyer,
    up: f.up.trim() || null,
    down: f.down.trim() || null,
    discord: f.discord.trim(),
  };
}
