/**
 * Runs the real stack (anvil + deploy + seed + server serving web/dist) in its own process for
 * the end-to-end tests, and prints one line `STACK_READY {json}` when it answers. SIGTERM stops it.
 */
import { startStack } from "../scripts/start.ts";

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
});
console.log(`STACK_READY ${JSON.stringify({ url: stack.url, rpcUrl: stack.rpcUrl })}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
