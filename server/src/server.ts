/** Process wiring: database, per-chain runtimes, indexers (leader-elected), HTTP server, shutdown. */
import { join } from "node:path";
import { serve } from "@hono/node-server";
import type { Deployment } from "@sofi/protocol";
import { type ChainRuntime, createApp } from "./api/app.ts";
import { Market } from "./api/market.ts";
import { type ConfigOverrides, loadConfig, type ServerConfig } from "./config.ts";
import { createDb, type Db } from "./db/client.ts";
import { startLeaderIndexer } from "./indexer/engine.ts";
import { createRpcClient } from "./indexer/rpc.ts";

export type StartServerOptions = ConfigOverrides & {
  /** Environment to read (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** A ready config (skips env loading). */
  config?: ServerConfig;
  /** An open database (not closed by stop()). */
  db?: Db;
  deployments?: Record<string, Deployment>;
  log?: (msg: string) => void;
};

export type RunningServer = {
  url: string;
  port: number;
  config: ServerConfig;
  db: Db;
  stop(): Promise<void>;
};

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? ((m: string) => console.log(`[server] ${m}`));
  const config = opts.config ?? loadConfig(opts.env ?? process.env, opts);
  const ownDb = !opts.db;
  const db =
    opts.db ??
    (await createDb({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : join(config.dataDir, "db") }));

  const chains: ChainRuntime[] = config.chains.map((cc) => ({
    config: cc,
    client: createRpcClient(cc.rpcUrl),
    market: new Market(db, cc.info, cc.deployment),
  }));

  const indexers = config.roles.has("indexer")
    ? chains
        .filter((c) => c.config.deployment)
        .map((c) =>
          startLeaderIndexer({
            db,
            chainId: c.config.info.id,
            deployment: c.config.deployment as Deployment,
            client: c.client,
            maxBlockRange: c.config.maxBlockRange,
            pollIntervalMs: c.config.pollIntervalMs,
            log,
            onCommit: (r) => {
              if (r.events > 0) c.market.invalidate();
            },
          }),
        )
    : [];
  for (const c of chains)
    if (!c.config.deployment) log(`chain ${c.config.info.suffix}: no deployment found; not indexing`);

  let httpServer: ReturnType<typeof serve> | null = null;
  let port = config.port;
  if (config.roles.has("api")) {
    const app = createApp({ db, config, chains });
    await new Promise<void>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
        port = info.port;
        resolve();
      });
      s.once("error", reject);
      httpServer = s;
    });
  }
  const url = `http://${config.host}:${port}`;
  if (httpServer) log(`API listening on ${url}`);

  let stopping: Promise<void> | null = null;
  return {
    url,
    port,
    config,
    db,
    stop() {
      stopping ??= (async () => {
        await Promise.all(indexers.map((i) => i.stop()));
        const s = httpServer as ReturnType<typeof serve> | null;
        if (s) {
          await new Promise<void>((r) => {
            s.close(() => r());
            (s as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          });
        }
        if (ownDb) await db.close();
      })();
      return stopping;
    },
  };
}
