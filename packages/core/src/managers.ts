/**
 * Managers of spec 001 §3 ("Manager: address, photo_url; info adds …") and §7 (`GET /sofi/managers`):
 * the request and reply schemas the server validates with and the web app parses with. A manager is
 * any address that runs a portfolio; the profile fields (name, photo) come with the people issue and
 * are null until a manager saves them.
 */
import { z } from "zod";
import { PORTFOLIO_ERRORS, PORTFOLIOS_OFFSET_MAX, PORTFOLIOS_PAGE_MAX } from "./portfolios.ts";
import { addressSchema, queryIntSchema } from "./validation.ts";

/** Spec 001 §7 "Home lists are fetched by … page size (… 5 managers …)". */
export const MANAGERS_HOME_SIZE = 5;
export const MANAGERS_PAGE_DEFAULT = 20;

/** `GET /sofi/managers`: `address` is the requesting wallet (kept for the spec's call shape). */
export const managersQuerySchema = z.object({
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
});
export type ManagerListItem = z.infer<typeof managerListItemSchema>;

export const managerListSchema = z.object({ managers: z.array(managerListItemSchema), total: z.number().int() });
export type ManagerList = z.infer<typeof managerListSchema>;
