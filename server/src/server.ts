/**
 * Process wiring, a fold over the capability modules that are on (modules/): database, per-chain
 * runtimes and services, indexers (leader-elected) with the modules' handlers, the modules' jobs
 * (exactly-once ones only where this process leads the chain's index), HTTP server, shutdown.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { Deployment } from "@sofi/protocol";
import { type AppDeps, type ChainIndexerStatus, type ChainRuntime, createApp } from "./api/app.ts";
import { CommitSignal, changeOf, keptMsFor } from "./api/commit-signal.ts";
import { Market } from "./api/market.ts";
import { startChangeBus } from "./changes.ts";
import { type ConfigOverrides, loadConfig, type ServerConfig } from "./config.ts";
import { createDb, type Db } from "./db/client.ts";
import { startLeaderIndexer } from "./indexer/engine.ts";
import { createRpcClient } from "./indexer/rpc.ts";
import { activeModules, handlersOf, jobsOf, serviceHubOf } from "./modules/fold.ts";
import type { RunningJob, ServerModule } from "./modules/module.ts";

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
  /** The capability modules (default: modules/index.ts's list), before CAPABILITIES_OFF. */
  modules?: readonly ServerModule[];
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
  const loaded = opts.config ?? loadConfig(opts.env ?? process.env, opts);
  const config: ServerConfig = opts.alertsWebhookOriginForTests
    ? { ...loaded, alerts: { ...loaded.alerts, webhookOriginForTests: opts.alertsWebhookOriginForTests } }
    : loaded;
  const ownDb = !opts.db;
  const db =
    opts.db ??
    (await createDb({
      url: config.databaseUrl,
      schema: config.databaseSchema,
      dataDir: config.databaseUrl ? undefined : join(config.dataDir, "db"),
    }));

  // Everything below is a fold over the modules that are on.
  const { modules, why } = activeModules(config.capabilitiesOff, opts.modules);
  for (const [name, reason] of why) log(`capability ${name} is off (${reason})`);

  const chains: ChainRuntime[] = config.chains.map((cc) => {
    const market = new Market(db, cc.info, cc.deployment);
    const commits = new CommitSignal(keptMsFor(db.kind));
    commits.on(() => market.invalidate());
    return { config: cc, client: createRpcClient(cc.rpcUrl), market, commits };
  });
  const services = serviceHubOf(modules);
  const indexing = chains.filter((c) => config.roles.has("indexer") && c.config.deployment);
  const status = createIndexerStatus(indexing.map((c) => c.config.info.id));
  // every server on the database hears the others' commits and writes (their caches stay exact)
  const changes = await startChangeBus(db, chains, log);
  const deps: AppDeps = { db, config, chains, indexerStatus: status.status, modules, services, changes };
  services.bind({ ...deps, modules, services });

  const jobs = jobsOf(modules);
  const jobLog = (name: string) => (m: string) => log(`${name}: ${m}`);
  const startJobs = (chain: ChainRuntime, exactlyOnce: boolean) =>
    jobs
      .filter((j) => j.exactlyOnce === exactlyOnce)
      .map((j) => j.start({ deps, chain, services, log: jobLog(j.name) }))
      .filter((r): r is RunningJob => r !== null);
  /** Jobs that run in every indexer process, and the exactly-once jobs of the chains this process leads. */
  const running: RunningJob[] = [];
  const leading = new Map<number, RunningJob[]>();

  const handlers = handlersOf(modules);
  const indexers = indexing.map((c) => {
    const id = c.config.info.id;
    running.push(...startJobs(c, false));
    return startLeaderIndexer({
      db,
      chainId: id,
      deployment: c.config.deployment as Deployment,
      client: c.client,
      handlers,
      maxBlockRange: c.config.maxBlockRange,
      pollIntervalMs: c.config.pollIntervalMs,
      log,
      onError: (e) => status.error(id, e.message.split("\n")[0] ?? e.message),
      onStandby: () => status.standby(id),
      onCommit: (r) => {
        status.commit(id);
        if (r.events > 0) {
          // the keys the rows changed, so caches that can drop only those (issue 21 §1)
          const change = changeOf(r);
          c.commits?.emit(change);
          changes.changed(id, change);
        }
      },
      // a reorg may change any reply
      onRollback: () => {
        c.commits?.emit();
        changes.changed(id);
      },
      // Exactly-once jobs (alerts, keepers, relayers) run where the chain's indexer leader runs.
      onLeadership: (lead) => {
        if (lead && !leading.has(id)) {
          const started = startJobs(c, true);
          leading.set(id, started);
          log(`chain ${id}: leading; exactly-once jobs started (${started.length})`);
        }
        if (!lead) {
          log(`chain ${id}: not leading; exactly-once jobs stopped`);
          const stopping = leading.get(id) ?? [];
          leading.delete(id);
          for (const j of stopping) j.stop().catch((e: Error) => log(`job stop failed: ${e.message}`));
        }
      },
    });
  });
  for (const c of chains)
    if (!c.config.deployment) log(`chain ${c.config.info.suffix}: no deployment found; not indexing`);

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
        await Promise.all(indexers.map((i) => i.stop()));
        await Promise.all([...running, ...[...leading.values()].flat()].map((j) => j.stop()));
        leading.clear();
        const s = httpServer as Server | null;
        if (s) {
          await new Promise<void>((r) => {
            s.close(() => r());
            (s as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          });
        }
        // what services hold unwritten (views counted this last second) is written while the
        // database is still open; no request can count more now
        await services.close(log);
        await changes.stop();
        if (ownDb) await db.close();
      })();
      return stopping;
    },
  };
}
