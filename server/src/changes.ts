/**
 * What changed a chain, told to every server on the database (issue 21 §2): the indexer's commits
 * and the API's writes. Each server keeps read caches per chain keyed by its CommitSignal; hearing
 * that another process committed rows or wrote something, it bumps that signal, so no cache serves
 * a reply computed before the change. PostgreSQL carries it with NOTIFY/LISTEN (no new server);
 * PGlite is one process, where the signal is already local.
 */
import { randomUUID } from "node:crypto";
import type { ChainRuntime } from "./api/area.ts";
import type { Change } from "./api/commit-signal.ts";
import type { Db } from "./db/client.ts";

export const CHANGES_CHANNEL = "sofi_changes";

export type ChangeBus = {
  /**
   * This process changed `chainId`'s data (its local caches are its own business): tell the others,
   * with the keys changed when known (an indexer's commit) and small enough for one NOTIFY.
   */
  changed(chainId: number, change?: Change): void;
  stop(): Promise<void>;
};

/** PostgreSQL's NOTIFY payload is below 8,000 bytes; a larger change is sent as "anything changed". */
export const CHANGE_PAYLOAD_MAX = 7_000;

/**
 * The version of what the topics and their keys mean. A server hearing a change from a server of
 * another version (a rolling deploy: the previous release still writing) cannot trust the keys it
 * names, so it takes the change as "anything changed". Renaming a topic, or changing what its keys
 * are, must bump it (changes.test.ts pins the topics to it). That is what lets kept replies trust
 * the bus on a shared database, bounded only by the kept time for what no change reports at all.
 */
export const CHANGES_VERSION = 2;

/** `from/v2:chainId` or `from/v2:chainId:{touched JSON}` (the keys fit). */
export function encodeChange(from: string, chainId: number, change?: Change): string {
  const head = `${from}/v${CHANGES_VERSION}:${chainId}`;
  if (!change) return head;
  const full = `${head}:${JSON.stringify(change.touched)}`;
  return Buffer.byteLength(full) <= CHANGE_PAYLOAD_MAX ? full : head;
}

/**
 * The payload's parts; a change that cannot be read, or that a server of another version sent
 * (before version 2 a payload had no `/v`), is "anything changed" (undefined).
 */
export function decodeChange(payload: string): { from: string; chainId: number; change?: Change } {
  const a = payload.indexOf(":");
  const b = payload.indexOf(":", a + 1);
  const sender = payload.slice(0, a);
  const slash = sender.lastIndexOf("/v");
  const from = slash < 0 ? sender : sender.slice(0, slash);
  const chainId = Number(payload.slice(a + 1, b < 0 ? undefined : b));
  if (b < 0 || slash < 0 || sender.slice(slash + 2) !== String(CHANGES_VERSION)) return { from, chainId };
  try {
    const touched = JSON.parse(payload.slice(b + 1)) as unknown;
    if (!isTouched(touched)) return { from, chainId };
    return { from, chainId, change: { touched } };
  } catch {
    return { from, chainId };
  }
}

function isTouched(v: unknown): v is Record<string, string[]> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  return Object.values(v).every((keys) => Array.isArray(keys) && keys.every((k) => typeof k === "string"));
}

export async function startChangeBus(db: Db, chains: readonly ChainRuntime[], log: (m: string) => void) {
  const me = randomUUID().slice(0, 8);
  const byId = new Map(chains.map((c) => [c.config.info.id, c]));
  const stop = await db.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const { from, chainId, change } = decodeChange(payload);
      if (from !== me) byId.get(chainId)?.commits?.emit(change);
    },
    () => {
      // reconnected: what was sent meanwhile is lost, so assume everything changed
      log("change signals: reconnected; dropping every cached reply");
      for (const c of chains) c.commits?.emit();
    },
  );
  return {
    changed(chainId: number, change?: Change) {
      db.notify(CHANGES_CHANNEL, encodeChange(me, chainId, change)).catch((e: Error) =>
        log(`change signal not sent: ${e.message}`),
      );
    },
    stop,
  } satisfies ChangeBus;
}
