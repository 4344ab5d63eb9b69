/**
 * A real server on the local chain with no node behind it (its RPC is a closed port), under a
 * temporary data directory: for tests of what the server wires together (modules, services, the
 * kept replies' time), not of what it indexes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "../../src/db/client.ts";
import type { ServerModule } from "../../src/modules/module.ts";
import { type RunningServer, startServer } from "../../src/server.ts";
import { ONE_TOKEN } from "./hardening.ts";

export async function startOfflineServer(
  opts: { db?: Db; env?: NodeJS.ProcessEnv; modules?: readonly ServerModule[] } = {},
): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "sofi-offline-"));
  const server = await startServer({
    env: { CHAINS: "local", ROLES: "api", ...opts.env },
    port: 0,
    dataDir: dir,
    webDist: join(dir, "none"),
    deployments: { local: ONE_TOKEN },
    rpcUrls: { local: "http://127.0.0.1:9" },
    log: () => {},
    ...(opts.db ? { db: opts.db } : {}),
    ...(opts.modules ? { modules: opts.modules } : {}),
  });
  return {
    ...server,
    // stop() may be called twice (a test of stop itself): removing the directory again is a no-op
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
