import { type FaucetBody, type FaucetReply, faucetErrorSchema } from "@sofi/core";
import { ApiError, apiWrite } from "../../kernel/api.ts";

/** What a claim came to: the server's reply, or its error text and the day's claim count. */
export type FaucetOutcome =
  | { ok: true; reply: FaucetReply }
  | { ok: false; error: string | null; faucetCount: number | undefined };

/**
 * `POST /api/{chain}/sts/faucet` (spec 001 §7). A refusal's `{ error, faucet_count }` comes back as
 * data (spec §8: the text is a toast, `faucet_count` 1 switches to extra mode); `error` is null
 * when the server sent no text (unreachable, not JSON), and the caller says so in its own words.
 */
export async function claimFaucet(
  chain: string,
  body: FaucetBody,
  fetchImpl: typeof fetch = fetch,
): Promise<FaucetOutcome> {
  try {
    return { ok: true, reply: await apiWrite("faucet", { chain, body, fetchImpl }) };
  } catch (e) {
    // A refusal's body carries the count; unreachable, not JSON or the wrong shape: no text.
    const err = e instanceof ApiError ? faucetErrorSchema.safeParse(e.body) : null;
    if (!err?.success) return { ok: false, error: null, faucetCount: undefined };
    return { ok: false, error: err.data.error, faucetCount: err.data.faucet_count };
  }
}
