/**
 * Runs the real stack (anvil + deploy + seed + server serving web/dist) in its own process for
 * the end-to-end tests, and prints one line `STACK_READY {json}` when it answers. SIGTERM stops it.
 *
 * The price alerts (issue 11) post to a local receiver instead of Discord: a tiny HTTP server on a
 * free loopback port records every POST (path and JSON body) and answers `GET /posts` with them;
 * the alerts worker runs every ALERTS_INTERVAL_MS with the receiver as its test-only webhook origin.
 * Its URL is in the ready line (`alertsReceiverUrl`), which global-setup hands to the tests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startStack } from "../scripts/start.ts";
import { startServer } from "../server/src/index.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The alerts worker's period in the e2e stack (the product's is 5 minutes). */
const ALERTS_INTERVAL_MS = 3_000;

type Post = { path: string; body: unknown; at: number };
const posts: Post[] = [];
const receiver = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/posts") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(posts));
    return;
  }
  if (req.method !== "POST") {
    res.writeHead(405).end();
    return;
  }
  let raw = "";
  req.setEncoding("utf8");
  req.on("data", (d: string) => {
    raw += d;
  });
  req.on("end", () => {
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // kept as text
    }
    posts.push({ path: req.url ?? "", body, at: Date.now() });
    res.writeHead(204).end();
  });
});
await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
const alertsReceiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const port = Number(process.env.E2E_PORT);
const rpcPort = Number(process.env.E2E_RPC_PORT);
const dataDir = process.env.E2E_DATA_DIR;
const blockedAddresses = (process.env.E2E_BLOCKED ?? "").split(",").filter(Boolean);

const stack = await startStack({
  port,
  rpcPort,
  dataDir,
  reset: true,
  blockedAddresses,
  log: (line) => console.error(`[stack] ${line}`),
  alertsForTests: { intervalMs: ALERTS_INTERVAL_MS, webhookOrigin: alertsReceiverUrl },
});
// A second server on the same chain with capabilities switched off (issue 17): the faucet and the
// AI builder, as a production deployment without a faucet or a model key would run. Its own
// database (it indexes the chain itself) and port; capabilities-off.spec.ts drives it.
const capsOffDir = mkdtempSync(join(tmpdir(), "sofi-e2e-caps-off-"));
// a port known before start: sign-in messages name it
const capsOffPort = await new Promise<number>((ok) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const p = (probe.address() as AddressInfo).port;
    probe.close(() => ok(p));
  });
});
const capsOff = await startServer({
  env: {},
  port: capsOffPort,
  // the main stack's worker posts the alerts; this one stays quiet
  alerts: { intervalMs: 0 },
  dataDir: capsOffDir,
  rpcUrls: { local: stack.rpcUrl },
  deployments: { local: stack.deployment },
  webDist: join(ROOT, "web", "dist"),
  capabilitiesOff: new Set(["faucet", "ai"]),
  log: (line) => console.error(`[caps-off] ${line}`),
});
console.log(
  `STACK_READY ${JSON.stringify({ url: stack.url, rpcUrl: stack.rpcUrl, alertsReceiverUrl, capsOffUrl: capsOff.url })}`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await capsOff.stop();
  rmSync(capsOffDir, { recursive: true, force: true });
  await stack.stop();
  receiver.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
