/**
 * What changed a chain, told to every server on the database (issue 21 §2): the indexer's commits
 * and the API's writes. Each server keeps read caches per chain keyed by its CommitSignal; hearing
 * that another process committed rows or wrote something, it bumps that signal, so no cache serves
 * a reply computed before the change. PostgreSQL carries it with NOTIFY/LISTEN (no new server);
 * PGlite is one process, where the signal is already local.
 */
import { randomUUID } from "node:crypto";
import type { ChainRuntime } from "./api/area.ts";
import type { Db } from "./db/client.ts";

export const CHANGES_CHANNEL = "sofi_changes";

export type ChangeBus = {
  /** This process changed `chainId`'s data (its local caches are its own business): tell the others. */
  changed(chainId: number): void;
  stop(): Promise<void>;
};

export async function startChangeBus(db: Db, chains: readonly ChainRuntime[], log: (m: string) => void) {
  const me = randomUUID().slice(0, 8);
  const byId = new Map(chains.map((c) => [c.config.info.id, c]));
  const stop = await db.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const [from, id] = payload.split(":");
      if (from !== me) byId.get(Number(id))?.commits?.emit();
    },
    () => {
      // reconnected: what was sent meanwhile is lost, so assume everything changed
      log("change signals: reconnected; dropping every cached reply");
      for (const c of chains) c.commits?.emit();
    },
  );
  return {
    changed(chainId: number) {
      db.notify(CHANGES_CHANNEL, `${me}:${chainId}`).catch((e: Error) => log(`change signal not sent: ${e.message}`));
    },
    stop,
  } satisfies ChangeBus;
}
