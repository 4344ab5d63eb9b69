import { type FaucetBody, type FaucetReply, faucetErrorSchema, faucetReplySchema } from "@sofi/core";

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
  let res: Response;
  try {
    res = await fetchImpl(`/api/${encodeURIComponent(chain)}/sts/faucet`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: null, faucetCount: undefined };
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const reply = faucetReplySchema.safeParse(json);
    if (reply.success) return { ok: true, reply: reply.data };
    return { ok: false, error: null, faucetCount: undefined };
  }
  const err = faucetErrorSchema.safeParse(json);
  if (!err.success) return { ok: false, error: null, faucetCount: undefined };
  return { ok: false, error: err.data.error, faucetCount: err.data.faucet_count };
}
