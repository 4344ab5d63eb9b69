/** Process wiring: database, per-chain runtimes, indexers (leader-elected), HTTP server, shutdown. */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { Deployment } from "@sofi/protocol";
import { startAlertsWorker } from "./alerts/worker.ts";
import { type AppDeps, type ChainIndexerStatus, type ChainRuntime, createApp } from "./api/app.ts";
import { CommitSignal } from "./api/commit-signal.ts";
import { Market } from "./api/market.ts";
import { portfolioReader } from "./api/portfolios.ts";
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
  /** TEST ONLY (the e2e stack): the alerts worker posts to this origin instead of Discord. */
  alertsWebhookOriginForTests?: string;
};

export type RunningServer = {
  url: string;
  port: number;
  config: ServerConfig;
  db: Db;
  stop(): Promise<void>;
};

/** Records what the indexers report (`onCommit`, `onError`, `onStandby`) per chain id, for `/api/health`. */
export function createIndexerStatus(chainIds: readonly number[], now: () => number = Date.now) {
  const status = new Map<number, ChainIndexerStatus>(
    chainIds.map((id) => [id, { startedAt: now(), lastCommitAt: null, lastError: null, standby: false }]),
  );
  return {
    status: status as ReadonlyMap<number, ChainIndexerStatus>,
    commit(chainId: number) {
      const s = status.get(chainId);
      if (!s) return;
      s.lastCommitAt = now();
      s.standby = false;
      if (s.lastError) s.lastError.count = 0;
    },
    error(chainId: number, message: string) {
      const s = status.get(chainId);
      if (!s) return;
      s.lastError = { message, at: now(), count: (s.lastError?.count ?? 0) + 1 };
    },
    standby(chainId: number) {
      const s = status.get(chainId);
      if (s) s.standby = true;
    },
  };
}

/** A Node-level error reply (malformed request line, headers too large…) in the API's `{ error }` shape. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || (socket as Socket & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const [status, text, error] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "Request headers too large"]
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "Request timed out"]
        : [400, "Bad Request", "Malformed HTTP request"];
  const body = JSON.stringify({ error });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Serves `fetch` over HTTP with every error reply in the API's JSON shape (Node's and the adapter's too). */
export function listen(
  fetch: (req: Request, env: unknown) => Response | Promise<Response>,
  port: number,
  hostname: string,
): Promise<{ server: Server; port: number }> {
  const listener = getRequestListener(fetch, {
    hostname,
    // the adapter refused the request before the app saw it (bad Host header, bad URL)
    errorHandler: (e) =>
      Response.json(
        { error: `Malformed HTTP request: ${(e as Error).message}` },
        { status: 400, headers: { "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" } },
      ),
  });
  const server = createServer(listener);
  server.on("clientError", (err, socket) => answerClientError(err as NodeJS.ErrnoException, socket as Socket));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      server.off("error", reject);
      resolve({ server, port: (server.address() as AddressInfo).port });
    });
  });
}

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? ((m: string) => console.log(`[server] ${m}`));
  const config = opts.config ?? loadConfig(opts.env ?? process.env, opts);
  const ownDb = !opts.db;
  const db =
    opts.db ??
    (await createDb({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : join(config.dataDir, "db") }));

  const chains: ChainRuntime[] = config.chains.map((cc) => {
    const market = new Market(db, cc.info, cc.deployment);
    const commits = new CommitSignal();
    commits.on(() => market.invalidate());
    return { config: cc, client: createRpcClient(cc.rpcUrl), market, commits };
  });

  const indexing = chains.filter((c) => config.roles.has("indexer") && c.config.deployment);
  const status = createIndexerStatus(indexing.map((c) => c.config.info.id));
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
            onError: (e) => status.error(c.config.info.id, e.message.split("\n")[0] ?? e.message),
            onStandby: () => status.standby(c.config.info.id),
            onCommit: (r) => {
              status.commit(c.config.info.id);
              if (r.events > 0) c.commits?.emit();
            },
          }),
        )
    : [];
  for (const c of chains)
    if (!c.config.deployment) log(`chain ${c.config.info.suffix}: no deployment found; not indexing`);

  const deps: AppDeps = { db, config, chains, indexerStatus: status.status };
  // The price-alerts worker runs beside the indexer (one round per chain under an advisory lock).
  const alerts =
    config.roles.has("indexer") && config.alerts.intervalMs > 0
      ? startAlertsWorker({
          db,
          chains: chains.filter((c) => c.config.deployment),
          reader: (ch) => portfolioReader(deps, ch),
          intervalMs: config.alerts.intervalMs,
          log: (m) => log(`alerts: ${m}`),
          webhookOriginForTests: opts.alertsWebhookOriginForTests,
        })
      : null;

  let httpServer: Server | null = null;
  let port = config.port;
  if (config.roles.has("api")) {
    const app = createApp(deps);
    const l = await listen(app.fetch, config.port, config.host);
    httpServer = l.server;
    port = l.port;
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
        await Promise.all([...indexers.map((i) => i.stop()), alerts?.stop()]);
        const s = httpServer as Server | null;
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
