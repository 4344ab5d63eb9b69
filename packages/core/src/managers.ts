/**
 * Managers of spec 001 §3 ("Manager: address, photo_url; info adds …") and §7 (`GET /sofi/managers`):
 * the request and reply schemas the server validates with and the web app parses with. A manager is
 * any address that runs a portfolio; the profile fields (name, photo) come with the people issue and
 * are null until a manager saves them.
 */
import { z } from "zod";
import {
  iconProblem,
  PORTFOLIO_ERRORS,
  PORTFOLIO_ICON_MAX_CHARS,
  PORTFOLIOS_OFFSET_MAX,
  PORTFOLIOS_PAGE_MAX,
} from "./portfolios.ts";
import { MANAGER_ORDERS, trackRecordSchema } from "./track-record.ts";
import { addressSchema, queryIntSchema, textProblem } from "./validation.ts";

/** Spec 001 §7 "Home lists are fetched by … page size (… 5 managers …)". */
export const MANAGERS_HOME_SIZE = 5;
export const MANAGERS_PAGE_DEFAULT = 20;

export const MANAGER_ERRORS = {
  orderby: "orderby must be one of market_cap, return, risk_adjusted, risk",
} as const;

/**
 * `GET /sofi/managers`: `address` is the requesting wallet (kept for the spec's call shape);
 * `orderby` market_cap (default: largest first), return (since inception, highest first),
 * risk_adjusted (highest first) or risk (lowest score first), paged by `limit`/`offset`.
 */
export const managersQuerySchema = z.object({
  orderby: z.enum(MANAGER_ORDERS, { message: MANAGER_ERRORS.orderby }).default("market_cap"),
  address: z
    .string()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(addressSchema.optional())
    .optional(),
  limit: queryIntSchema(1, PORTFOLIOS_PAGE_MAX, PORTFOLIO_ERRORS.limit).default(MANAGERS_PAGE_DEFAULT),
  offset: queryIntSchema(0, PORTFOLIOS_OFFSET_MAX, PORTFOLIO_ERRORS.offset).default(0),
});

/** One manager, ordered by the market cap of the portfolios they run. */
export const managerListItemSchema = z.object({
  address: z.string(),
  photo_url: z.string().nullable(),
  name: z.string().nullable(),
  /** Sum of the manager's portfolios' market caps (USD). */
  total_market_cap: z.number(),
  /** Portfolios the manager runs. */
  total_sets: z.number().int(),
  /** Holders summed over those portfolios (an address holding two counts twice). */
  total_holders: z.number().int(),
  /** Mean APY of those portfolios, percent. */
  all_apy: z.number(),
  /** When the manager's first portfolio was created (unix seconds). */
  created_at: z.number().int(),
  /**
   * The track record of the manager's book (issue 21 §3: the value-weighted composite of their
   * portfolios); absent from servers before it.
   */
  track_record: trackRecordSchema.optional(),
});
export type ManagerListItem = z.infer<typeof managerListItemSchema>;

export const managerListSchema = z.object({ managers: z.array(managerListItemSchema), total: z.number().int() });
export type ManagerList = z.infer<typeof managerListSchema>;

// ------------------------------------------------------------------ profiles (issue 11)

/** Spec 001 §5, §8: texts of the profile and follow endpoints (keys the web translates where the spec names one). */
export const PEOPLE_ERRORS = {
  /** §5 "Email connection must be valid (please_input_right_email)". */
  email: "please_input_right_email",
  twitter: "twitter_text must be the link of a tweet (https://x.com/{user}/status/{id})",
  github: "github must be a GitHub user name or https://github.com/{user}",
  mainnetEth: "mainnet_eth must be an address",
  notSigner: "Only the profile's owner can edit it",
  followSelf: "You cannot follow yourself",
  followAction: "action must be follow or unfollow",
  listAction: "action must be followers or following",
  empty: "Nothing to save",
} as const;

export const PROFILE_NAME_MAX = 32;
export const PROFILE_TEXT_MAX = 800;
export const EMAIL_MAX = 254;

/** A pasted tweet link (spec 001 §3 `twitter_text`): its author's profile URL, or null. */
export function twitterUrlOf(tweetLink: string): string | null {
  const m =
    /^https:\/\/(?:www\.|mobile\.)?(?:twitter|x)\.com\/([A-Za-z0-9_]{1,15})\/status\/\d{1,25}(?:[/?#].*)?$/.exec(
      tweetLink.trim(),
    );
  return m ? `https://x.com/${m[1]}` : null;
}

/** A GitHub user name from a name or a profile URL, or null (names: 1–39 letters, digits, single dashes). */
export function githubUserOf(value: string): string | null {
  const v = value.trim().replace(/^https:\/\/(?:www\.)?github\.com\/([^/?#]+)\/?$/, "$1");
  return /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/.test(v) ? v : null;
}

/** A plain mailbox check (one @, a dot in the domain, no spaces), as sign-up forms do; the inbox is not verified. */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

const line = (field: string, max: number) =>
  z.string({ message: `${field} must be a string` }).superRefine((v, ctx) => {
    const problem = textProblem(v, max);
    if (problem) ctx.addIssue({ code: "custom", message: `${field} ${problem}` });
  });

/**
 * `POST /sofi/managers/{address}` (signed by that address; spec 001 §3 "Manager profile post body"):
 * any of the fields; an empty string clears one. `photo_url` is a JPG/PNG data URL under 2 MB
 * (checked by content) or "" to remove the photo; `twitter_text` the pasted tweet link.
 */
export const managerProfileBodySchema = z
  .object({
    photo_url: z
      .string()
      .max(PORTFOLIO_ICON_MAX_CHARS, PORTFOLIO_ERRORS.iconSize)
      .superRefine((v, ctx) => {
        const problem = v === "" ? null : iconProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
    name: line("name", PROFILE_NAME_MAX).optional(),
    profile: z
      .string({ message: "profile must be a string" })
      .superRefine((v, ctx) => {
        const problem = textProblem(v.replace(/\r?\n/g, " "), PROFILE_TEXT_MAX);
        if (problem) ctx.addIssue({ code: "custom", message: `profile ${problem}` });
      })
      .optional(),
    mainnet_eth: z
      .string()
      .refine((v) => v === "" || addressSchema.safeParse(v).success, PEOPLE_ERRORS.mainnetEth)
      .transform((v) => v.toLowerCase())
      .optional(),
    twitter_text: z
      .string()
      .refine((v) => v === "" || twitterUrlOf(v) !== null, PEOPLE_ERRORS.twitter)
      .optional(),
    github: z
      .string()
      .refine((v) => v === "" || githubUserOf(v) !== null, PEOPLE_ERRORS.github)
      .optional(),
    email: z
      .string()
      .refine((v) => v === "" || isEmail(v.trim()), PEOPLE_ERRORS.email)
      .transform((v) => v.trim())
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), PEOPLE_ERRORS.empty);
export type ManagerProfileBody = z.infer<typeof managerProfileBodySchema>;

export const managerParamSchema = z.object({ address: addressSchema });
export const managerInfoQuerySchema = z.object({
  address: z
    .string()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(addressSchema.optional())
    .optional(),
});

/** Spec 001 §3 "Manager … info adds …", plus follower counts for the profile tabs. */
export const managerInfoSchema = managerListItemSchema.extend({
  profile: z.string(),
  twitter_url: z.string(),
  github: z.string(),
  email: z.string(),
  mainnet_eth: z.string(),
  /** Whether the requesting `address` follows this manager. */
  following: z.boolean(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
});
export type ManagerInfo = z.infer<typeof managerInfoSchema>;

/**
 * `GET /sofi/managers/cache` (issue 21 §1), for operators and the bench: whether the managers'
 * infos have been read ahead, how many addresses have one kept, and their bytes (estimated).
 */
export const managersCacheSchema = z.object({
  warmth: z.enum(["cold", "warming", "warm"]),
  managers: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type ManagersCacheState = z.infer<typeof managersCacheSchema>;

// ------------------------------------------------------------------ follows (issue 11)

/** `POST /sofi/follow` (signed): the signer follows or unfollows `follow`; `address`, when sent, must be the signer. */
export const followBodySchema = z.object({
  follow: z.string({ message: "Missing follow" }).pipe(addressSchema),
  address: addressSchema.optional(),
  action: z.enum(["follow", "unfollow"], { message: PEOPLE_ERRORS.followAction }),
});

/** `GET /sofi/follow?action=followers|following&address=`: who follows `address`, or whom it follows. */
export const followListQuerySchema = z.object({
  action: z.enum(["followers", "following"], { message: PEOPLE_ERRORS.listAction }),
  address: z.string({ message: "Missing address" }).pipe(addressSchema),
  limit: queryIntSchema(1, PORTFOLIOS_PAGE_MAX, PORTFOLIO_ERRORS.limit).default(MANAGERS_PAGE_DEFAULT),
  offset: queryIntSchema(0, PORTFOLIOS_OFFSET_MAX, PORTFOLIO_ERRORS.offset).default(0),
});

/** Spec 001 §3 "Follower or following: address, photo_url" (and the name when there is one). */
export const followListSchema = z.object({
  follows: z.array(z.object({ address: z.string(), photo_url: z.string().nullable(), name: z.string().nullable() })),
  total: z.number().int(),
});
export const followReplySchema = z.object({ address: z.string(), following: z.boolean() });
