/**
 * In-process token buckets (one per key: a client IP, a signer address). A bucket holds up to
 * `burst` tokens and refills at `perMinute / 60` tokens a second; a request takes one token or is
 * refused with the seconds until the next one. State lives in this process only: replicas behind a
 * load balancer each count on their own (docs/decisions.md "Hardening"; a shared store such as
 * PostgreSQL or Redis would be needed for one limit across replicas).
 */
import type { Context } from "hono";
import { RecencyMap } from "../recency-map.ts";

export type Take = { ok: true } | { ok: false; retryAfterS: number };

export class TokenBuckets {
  /** Least recently used first; a RecencyMap, since one client's every request uses its bucket again. */
  private readonly buckets = new RecencyMap<string, { tokens: number; at: number }>();
  private readonly ratePerMs: number;

  constructor(
    readonly perMinute: number,
    readonly burst: number = perMinute,
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    this.ratePerMs = perMinute / 60_000;
  }

  /** Takes one token for `key`; `perMinute` 0 means no limit. */
  take(key: string): Take {
    if (this.perMinute <= 0) return { ok: true };
    const now = this.now();
    const b = this.buckets.get(key);
    const tokens = b ? Math.min(this.burst, b.tokens + (now - b.at) * this.ratePerMs) : this.burst;
    if (tokens < 1) {
      if (b) {
        b.tokens = tokens;
        b.at = now;
      }
      return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - tokens) / this.ratePerMs / 1000)) };
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > this.maxKeys) this.prune(now);
    return { ok: true };
  }

  /** Drops buckets that have refilled (they equal a fresh one), then the least recently used. */
  private prune(now: number): void {
    for (const [k, b] of this.buckets)
      if (b.tokens + (now - b.at) * this.ratePerMs >= this.burst) this.buckets.delete(k);
    for (const k of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys * 0.9) break;
      this.buckets.delete(k);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}

/** A 429 reply in the API's error shape, with Retry-After. */
export const tooManyRequests = (c: Context, retryAfterS: number, error: string) =>
  c.json({ error }, 429, { "Retry-After": String(retryAfterS) });

const LOOPBACK_RE = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
export const isLoopbackAddress = (ip: string): boolean => LOOPBACK_RE.test(ip);

/**
 * The client's IP: the TCP peer, or (only when `trustProxy`) the right-most X-Forwarded-For entry,
 * the one the trusted proxy itself appended (entries left of it are the client's own claims).
 * "unknown" when there is no socket (in-process requests).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = c.req.header("x-forwarded-for");
    const last = xff?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "unknown";
}
