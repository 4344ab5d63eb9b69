/**
 * Deploy (and optionally seed) from the command line:
 *   npm run deploy -w contracts -- --rpc http://127.0.0.1:8545 [--seed] [--days 30]
 *   DEPLOYER_PRIVATE_KEY=0x... npm run deploy -w contracts -- --rpc https://sepolia.base.org
 * The key comes from DEPLOYER_PRIVATE_KEY (or --key); without one, only a local RPC is accepted and
 * anvil's public account 0 deploys. Writes packages/protocol/src/deployments/{chainId}.json.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Hex } from "viem";
import { deployAll } from "./deploy.ts";
import { seed } from "./seed.ts";

const USAGE = "usage: deploy --rpc URL [--key 0xKEY | env DEPLOYER_PRIVATE_KEY] [--seed] [--days N] [--out DIR]";

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      rpc: { type: "string" },
      key: { type: "string" },
      seed: { type: "boolean", default: false },
      days: { type: "string", default: "30" },
      out: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const rpcUrl = values.rpc ?? process.env.RPC_URL;
  if (!rpcUrl) throw new Error(`--rpc is required\n${USAGE}`);
  const key = values.key ?? process.env.DEPLOYER_PRIVATE_KEY;
  const local = /^https?:\/\/(127\.0\.0\.1|localhost)(:|\/|$)/.test(rpcUrl);
  if (key !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new Error("The deployer key must be 0x and 64 hex digits");
  if (!key && !local) throw new Error("Set DEPLOYER_PRIVATE_KEY to deploy to a non-local RPC");
  const days = Number(values.days);
  if (!Number.isFinite(days) || days < 0) throw new Error(`--days must be a non-negative number, got ${values.days}`);

  const deployment = await deployAll({ rpcUrl, privateKey: key as Hex | undefined, outDir: values.out, log: true });
  console.log(`deployed to chain ${deployment.chainId} from block ${deployment.startBlock}`);
  if (values.seed) {
    const result = await seed({ rpcUrl, deployment, days, log: true });
    console.log(
      `seeded ${result.swaps} swaps and ${result.trades} aggregator trades over ${result.blocks} blocks in ${result.ms} ms`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
