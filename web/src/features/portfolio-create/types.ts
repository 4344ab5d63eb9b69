/** A component the wizard offers: an allow-listed token with the server's USD price. */
export type CreateToken = {
  address: `0x${string}`;
  symbol: string;
  name: string;
  decimals: number;
  price_usd: number;
  tags: string[];
  /** Why it cannot be chosen (no USD price from the server), or null. */
  unavailable: "noPrice" | null;
};

/** The wizard's steps (spec 001 §4): 0 tokens, 1 info, 2 publish review, 3 result. */
export type Step = 0 | 1 | 2 | 3;

/** The result stage (spec 001 §4 step 3). */
export type CreateResult =
  | { status: "idle" }
  | { status: "signing" }
  | { status: "pending"; hash: `0x${string}` }
  | { status: "success"; hash: `0x${string}`; portfolio: `0x${string}` | null }
  | { status: "failed"; hash?: `0x${string}`; reason: "cancelled" | "reverted" | "message"; message?: string };
