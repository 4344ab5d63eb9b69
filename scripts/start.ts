/**
 * `npm start` / `npm run dev`: the whole product on one machine.
 * anvil (chain 31337, state in .data/anvil) → deploy + seed on first run → server (API + indexer)
 * serving the built web app. Also exported as `startStack` for the end-to-end tests.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseBlockedList } from "@sofi/core";
import {
  ANVIL_ACCOUNTS,
  ANVIL_MNEMONIC,
  type Deployment,
  LOCAL_CHAIN_ID,
  loadDeployment,
  testTokenAbi,
} from "@sofi/protocol";
import {
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
  parseUnits,
  publicActions,
  toHex,
} from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { deployAll, startAnvil } from "../contracts/scripts/index.ts";
import { seed } from "../contracts/scripts/seed.ts";
import { startServer } from "../server/src/index.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const WEB_DIST = join(ROOT, "web", "dist");
/** Days of seeded history on a new chain (fewer make a faster first run, e.g. in tests). */
const SEED_DAYS = positiveInt(process.env.SEED_DAYS, 30);
const VITE_PORT = Number(process.env.VITE_PORT ?? 5173);

export type StackOptions = {
  port?: number;
  rpcPort?: number;
  dataDir?: string;
  reset?: boolean;
  /** Extra blocked addresses on top of the spec's fixed five. */
  blockedAddresses?: string[];
  /** Skip the web build (the dev command serves the app through Vite instead). */
  skipWebBuild?: boolean;
  log?: (line: string) => void;
  /**
   * TEST ONLY (e2e/stack-runner.ts, never configuration): the price-alerts worker's period and the
   * local origin it posts to instead of Discord.
   */
  alertsForTests?: { intervalMs: number; webhookOrigin: string };
};

export type Stack = { url: string; rpcUrl: string; deployment: Deployment; stop: () => Promise<void> };

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const port = options.port ?? Number(process.env.PORT ?? 8080);
  const rpcPort = options.rpcPort ?? Number(process.env.RPC_PORT ?? 8545);
  const dataDir = resolve(options.dataDir ?? process.env.DATA_DIR ?? join(ROOT, ".data"));

  if (options.reset) {
    log(`Resetting ${dataDir}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });
  // An anvil left running by a start process that was killed (kill -9) holds the port and the state;
  // stopped first, it writes its state before this run decides whether the chain is usable.
  const pidFile = join(dataDir, "anvil.pid");
  await stopOrphanAnvil(pidFile, log);
  const deploymentFile = join(dataDir, "deployment.json");
  const stateFile = join(dataDir, "anvil-state.json");
  const fresh = !existsSync(deploymentFile) || !existsSync(stateFile) || contractsChanged(deploymentFile, log);
  if (fresh) {
    // A half-written first run (no deployment record) restarts from an empty chain, and a new
    // chain invalidates whatever the embedded database indexed from an old one.
    rmSync(stateFile, { force: true });
    if (!process.env.DATABASE_URL) rmSync(join(dataDir, "db"), { recursive: true, force: true });
  }

  const buildPromise = options.skipWebBuild ? Promise.resolve() : ensureWebBuild(log);

  // A fresh chain starts 30 days in the past so the seeder can write a month of history.
  const startTimestamp = fresh ? Math.floor(Date.now() / 1000) - SEED_DAYS * 86_400 : undefined;
  log(`Starting anvil on 127.0.0.1:${rpcPort}${fresh ? " (new chain)" : " (restoring state)"}`);
  const anvil = await startAnvil({ port: rpcPort, stateFile, timestamp: startTimestamp });
  writeFileSync(pidFile, String(anvil.pid));
  const stops: Array<() => Promise<void>> = [
    async () => {
      await anvil.stop();
      rmSync(pidFile, { force: true });
    },
  ];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };

  try {
    let deployment: Deployment;
    if (fresh) {
      log("Deploying contracts…");
      deployment = await deployAll({ rpcUrl: anvil.rpcUrl });
      log(`Seeding ${SEED_DAYS} days of trading history…`);
      const t0 = Date.now();
      await seed({ rpcUrl: anvil.rpcUrl, deployment, days: SEED_DAYS });
      log(`Seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      // Written last: its presence means the chain in stateFile is fully deployed and seeded.
      writeFileSync(join(dataDir, CODE_HASH_FILE), contractsCodeHash());
      writeFileSync(deploymentFile, JSON.stringify(deployment, null, 2));
    } else {
      deployment = JSON.parse(readFileSync(deploymentFile, "utf8")) as Deployment;
    }

    await buildPromise;
    const faucetKey = await fundLocalFaucet(anvil.rpcUrl, deployment, log);
    const relayerKey = await fundLocalRelayer(anvil.rpcUrl, log);
    const server = await startServer({
      env: {
        ...process.env,
        RELAYER_PRIVATE_KEY: relayerKey,
        // the race keeper: the contract's owner on the local chain (the races deploy step hands it
        // anvil's mnemonic account 12), looking every 2 s so a chain that travels in time is kept
        RACE_KEEPER_PRIVATE_KEY: process.env.RACE_KEEPER_PRIVATE_KEY ?? localKey(12),
        RACE_KEEPER_TICK_S: process.env.RACE_KEEPER_TICK_S ?? "2",
        // the feed's posts are off-chain: the social module seeds the local chain's feed when empty
        SOCIAL_SEED_POSTS: process.env.SOCIAL_SEED_POSTS ?? "40",
      },
      port,
      dataDir,
      rpcUrls: { local: anvil.rpcUrl },
      deployments: { local: deployment },
      blockedAddresses: parseBlockedList(options.blockedAddresses?.join(",") ?? process.env.BLOCKED_ADDRESSES),
      webDist: WEB_DIST,
      faucet: { privateKey: faucetKey, perIpPerMinute: Number(process.env.FAUCET_RATE_LIMIT_PER_IP ?? 10) },
      // Under `npm run dev` the app runs on Vite's origin, so sign-in messages name that host.
      siweDomains:
        options.skipWebBuild && !process.env.SIWE_DOMAIN
          ? [`127.0.0.1:${port}`, `localhost:${port}`, `127.0.0.1:${VITE_PORT}`, `localhost:${VITE_PORT}`]
          : undefined,
      ...(options.alertsForTests
        ? {
            alerts: { intervalMs: options.alertsForTests.intervalMs },
            alertsWebhookOriginForTests: options.alertsForTests.webhookOrigin,
          }
        : {}),
    });
    stops.push(() => server.stop());
    return { url: server.url, rpcUrl: anvil.rpcUrl, deployment, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The faucet's account on the local chain: FAUCET_PRIVATE_KEY, else anvil's mnemonic account 10 (a
 * PUBLIC test key, outside the dev wallet's accounts 0-9, so the faucet's nonces never race a user's).
 * Topped up on every start: ETH by anvil_setBalance, test USDT minted by the deployer (the owner).
 */
async function fundLocalFaucet(rpcUrl: string, deployment: Deployment, log: (line: string) => void): Promise<Hex> {
  const hd = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 10 }).getHdKey().privateKey;
  const key = (process.env.FAUCET_PRIVATE_KEY as Hex | undefined) ?? toHex(hd as Uint8Array);
  const faucet = privateKeyToAccount(key).address;
  const transport = http(rpcUrl);
  const deployer = createWalletClient({
    account: privateKeyToAccount(ANVIL_ACCOUNTS[0]?.privateKey as Hex),
    chain: foundry,
    transport,
  }).extend(publicActions);
  if ((await deployer.getBalance({ address: faucet })) < parseEther("100"))
    await createTestClient({ mode: "anvil", chain: foundry, transport }).setBalance({
      address: faucet,
      value: parseEther("10000"),
    });
  const usdt = deployment.tokens.find((t) => t.symbol === "USDT");
  if (usdt) {
    const balance = await deployer.readContract({
      address: usdt.address,
      abi: testTokenAbi,
      functionName: "balanceOf",
      args: [faucet],
    });
    if (balance < parseUnits("1000000", usdt.decimals)) {
      const hash = await deployer.writeContract({
        address: usdt.address,
        abi: testTokenAbi,
        functionName: "mint",
        args: [faucet, parseUnits("100000000", usdt.decimals)],
      });
      await deployer.waitForTransactionReceipt({ hash });
    }
  }
  log(`Faucet account ${faucet}`);
  return key;
}

/**
 * The gasless vote relay's account on the local chain (issue 18): RELAYER_PRIVATE_KEY, else anvil's
 * mnemonic account 11 (a PUBLIC test key outside the dev wallet's accounts and the faucet's), its
 * ETH topped up on every start. It pays the gas of the ballots voters sign.
 */
async function fundLocalRelayer(rpcUrl: string, log: (line: string) => void): Promise<Hex> {
  const hd = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 11 }).getHdKey().privateKey;
  const key = (process.env.RELAYER_PRIVATE_KEY as Hex | undefined) ?? toHex(hd as Uint8Array);
  const relayer = privateKeyToAccount(key).address;
  const transport = http(rpcUrl);
  const client = createTestClient({ mode: "anvil", chain: foundry, transport }).extend(publicActions);
  if ((await client.getBalance({ address: relayer })) < parseEther("100"))
    await client.setBalance({ address: relayer, value: parseEther("10000") });
  log(`Vote relayer account ${relayer}`);
  return key;
}

/** A PUBLIC test key of anvil's mnemonic (local chain only). */
function localKey(index: number): Hex {
  return toHex(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey as Uint8Array);
}

function positiveInt(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^[1-9][0-9]*$/.test(value)) throw new Error(`expected a positive whole number, got "${value}"`);
  return Number(value);
}

/** True when `pid` is a live process whose command line names anvil (Linux /proc; elsewhere: alive). */
function isAnvil(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync(cmdline)) return true;
  return readFileSync(cmdline, "utf8").includes("anvil");
}

/**
 * Stops the anvil a previous start left behind (its pid file outlives a start process killed with
 * SIGKILL): SIGTERM so it writes its state, SIGKILL after 15 s.
 */
async function stopOrphanAnvil(pidFile: string, log: (line: string) => void): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  if (Number.isInteger(pid) && pid > 0 && isAnvil(pid)) {
    log(`Stopping the chain a previous run left behind (pid ${pid})`);
    process.kill(pid, "SIGTERM");
    for (let waited = 0; isAnvil(pid); waited += 100) {
      if (waited >= 15_000) process.kill(pid, "SIGKILL");
      await sleep(100);
    }
  }
  rmSync(pidFile, { force: true });
}

/**
 * The local deployment is deterministic, so the committed record differs from the one in the
 * data folder when the contracts' addresses or set changed; a contract whose code changed keeps its
 * address, so the code the chain was deployed from is compared too (its hash, written beside the
 * record). Either way that chain is out of date and must be rebuilt.
 */
function contractsChanged(deploymentFile: string, log: (line: string) => void): boolean {
  const committed = loadDeployment(LOCAL_CHAIN_ID);
  if (!committed) return false;
  const stored = JSON.parse(readFileSync(deploymentFile, "utf8")) as Deployment;
  const codeFile = join(dirname(deploymentFile), CODE_HASH_FILE);
  const same =
    JSON.stringify(stripVolatile(stored)) === JSON.stringify(stripVolatile(committed)) &&
    existsSync(codeFile) &&
    readFileSync(codeFile, "utf8").trim() === contractsCodeHash();
  if (!same) log("The contracts changed since this chain was made: starting a new chain.");
  return !same;
}

/** The file beside deployment.json naming the code its chain was deployed from. */
const CODE_HASH_FILE = "contracts-code.sha256";

/** sha256 of the bytecode that deploying uses (contracts/scripts/generated/bytecode.ts). */
function contractsCodeHash(): string {
  const file = join(ROOT, "contracts", "scripts", "generated", "bytecode.ts");
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

function stripVolatile(d: Deployment) {
  const { startBlock: _startBlock, ...rest } = d;
  return rest;
}

/** Builds web/dist when it is missing or older than any web or shared source file. */
async function ensureWebBuild(log: (line: string) => void): Promise<void> {
  const index = join(WEB_DIST, "index.html");
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = [
    "web/src",
    "web/index.html",
    "web/public",
    "web/vite.config.ts",
    "packages/core/src",
    "packages/protocol/src",
  ];
  const newest = Math.max(...sources.map((s) => newestMtime(join(ROOT, s))));
  if (builtAt >= newest) return;
  log("Building the web app…");
  await new Promise<void>((ok, fail) => {
    const child = spawn("npm", ["run", "build", "-w", "web"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    child.on("exit", (code) => (code === 0 ? ok() : fail(new Error(`web build failed with exit code ${code}`))));
  });
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * Ends this process when its parent goes away (npm or tsx killed with SIGKILL would otherwise leave
 * the server and the chain running): SIGTERM to itself, which stops everything in order.
 */
/** Vite's command-line entry, from the package web/ depends on (its `bin`). */
function viteBin(): string {
  const pkgPath = createRequire(join(ROOT, "web", "package.json")).resolve("vite/package.json");
  const bin = (JSON.parse(readFileSync(pkgPath, "utf8")) as { bin: { vite: string } }).bin.vite;
  return join(dirname(pkgPath), bin);
}

function exitWithParent(): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
  }, 500).unref();
}

async function main() {
  exitWithParent();
  const args = new Set(process.argv.slice(2));
  const dev = args.has("--dev");
  const t0 = Date.now();
  const stack = await startStack({
    reset: args.has("--reset"),
    skipWebBuild: dev || process.env.SKIP_WEB_BUILD === "1",
    blockedAddresses: process.env.BLOCKED_ADDRESSES?.split(",").filter(Boolean),
  });
  let vite: ReturnType<typeof spawn> | undefined;
  if (dev) {
    // Vite's own binary, not `npm run dev`: npm does not pass SIGTERM on to its child, so stopping
    // this process by signal (a process manager, a closed parent) left Vite holding its port.
    vite = spawn(process.execPath, [viteBin()], {
      cwd: join(ROOT, "web"),
      stdio: "inherit",
      env: { ...process.env, API_URL: stack.url },
    });
  }
  const ready = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`\nReady in ${ready} s.`);
  console.log(`  App and API: ${stack.url}${dev ? "  (hot-reloading app: http://127.0.0.1:5173)" : ""}`);
  console.log(`  Chain:       ${stack.rpcUrl} (chain id 31337)`);
  console.log("Press Ctrl-C to stop.");
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping…");
    vite?.kill("SIGTERM");
    await stack.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
