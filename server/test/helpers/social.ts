/** The social tests' fixture: an app over a deployment with priced tokens (candles written directly). */

import { encodeSignatureMessageHeader } from "@sofi/core";
import { CHAINS, type Deployment } from "@sofi/protocol";
import { privateKeyToAccount } from "viem/accounts";
import { createApp } from "../../src/api/app.ts";
import type { AppDeps } from "../../src/api/area.ts";
import type { CommitSignal } from "../../src/api/commit-signal.ts";
import { Market } from "../../src/api/queries/market.ts";
import type { SocialConfig } from "../../src/api/social.ts";
import { type ConfigOverrides, loadConfig } from "../../src/config.ts";
import { CANDLE_SECONDS } from "../../src/db/candles.ts";
import type { Db } from "../../src/db/client.ts";
import { message, other, stubRpc, user } from "./hardening.ts";

export const local =
  CHAINS.find((c) => c.suffix === "local") ??
  (() => {
    throw new Error("no local chain");
  })();

export const third = privateKeyToAccount("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6");
export { other, user };

export const RAI = "0x00000000000000000000000000000000000000a1";
export const USDT = "0x00000000000000000000000000000000000000b1";
export const WETH = "0x00000000000000000000000000000000000000c1";
export const NOVA = "0x00000000000000000000000000000000000000d1";
export const RAI_USDT = "0x00000000000000000000000000000000000000e1";
export const NOVA_USDT = "0x00000000000000000000000000000000000000e2";

export const SOCIAL_DEPLOYMENT: Deployment = {
  chainId: 31337,
  startBlock: 0,
  deployer: "0x0000000000000000000000000000000000000001",
  weth: WETH,
  multicall3: "0x0000000000000000000000000000000000000003",
  dexes: [],
  tokens: [
    { symbol: "RAI", name: "Rai", decimals: 18, address: RAI, tags: ["governance"] },
    { symbol: "USDT", name: "Tether", decimals: 6, address: USDT, tags: ["stable"] },
    { symbol: "WETH", name: "Wrapped Ether", decimals: 18, address: WETH, tags: [] },
    { symbol: "NOVA", name: "Nova", decimals: 18, address: NOVA, tags: ["defi"] },
  ],
  pairs: [
    { address: RAI_USDT, dex: "a", token0: RAI, token1: USDT },
    { address: NOVA_USDT, dex: "a", token0: NOVA, token1: USDT },
  ],
  contracts: {},
};

/** The pair's reserves at `ts` so that one token (18 decimals) costs `usd` USDT (6 decimals). */
export async function setPrice(db: Db, pair: string, ts: number, usd: number, block = ts): Promise<void> {
  const r0 = 1_000_000n * 10n ** 18n;
  const r1 = BigInt(Math.round(usd * 1_000_000)) * 1_000_000n;
  await db.query(
    `INSERT INTO pair_candles (chain_id, pair, bucket, block_number, log_index, timestamp, reserve0, reserve1)
     VALUES (31337, $1, $2, $3, 0, $4, $5, $6)
     ON CONFLICT (chain_id, pair, bucket) DO UPDATE SET reserve0 = EXCLUDED.reserve0, reserve1 = EXCLUDED.reserve1,
       timestamp = EXCLUDED.timestamp`,
    [pair, Math.floor(ts / CANDLE_SECONDS) * CANDLE_SECONDS, block, ts, r0.toString(), r1.toString()],
  );
}

export function socialApp(
  db: Db,
  social: Partial<SocialConfig> = {},
  overrides: ConfigOverrides = {},
  /** A commit signal (as a server that indexes or hears the bus has) and the bus's outgoing side. */
  wiring: { commits?: CommitSignal; changes?: AppDeps["changes"] } = {},
) {
  const config = loadConfig(
    { CHAINS: "local", PORT: "8080" },
    {
      rpcUrls: { local: "http://127.0.0.1:9" },
      webDist: "/nonexistent",
      rateLimit: { perIp: 0, writesPerAddress: 0 },
      social: { postsPerMinute: 0, reactionsPerMinute: 0, streamsMax: 100, seedPosts: 0, ...social },
      ...overrides,
    },
  );
  const cc = config.chains[0];
  if (!cc) throw new Error("no chain config");
  const market = new Market(db, local, SOCIAL_DEPLOYMENT);
  return createApp({
    db,
    config,
    chains: [{ config: cc, client: stubRpc().client, market, commits: wiring.commits }],
    changes: wiring.changes,
  });
}

/** The spec's three headers, signed by `who`. */
export async function headersOf(who: typeof user = user) {
  const msg = message({ address: who.address });
  const signature = await who.signMessage({ message: msg });
  return { address: who.address, signature, signatureMessage: encodeSignatureMessageHeader(msg) };
}
