// A sparse history (one day of 4-hour blocks) crowds a market's life-cycle steps into few blocks;
// the market step sends one transaction per market per block, so some wait for a later block. The
// seed must still run every step (it mines extra blocks after the history while a step has pending
// work) rather than fail with "seed market: N steps never ran", whatever the wall-clock time.
import { describe, expect, it } from "vitest";
import { getFreePort, startAnvil } from "./anvil.ts";
import { deployAll } from "./deploy.ts";
import { SEED_STEPS } from "./seed/index.ts";
import { seed } from "./seed.ts";

const STEPS = SEED_STEPS.filter((s) => ["tokens", "dexes", "market"].includes(s.name));

describe("seed over a sparse history", () => {
  it("runs every market step whatever the wall-clock time's offset in the block grid", async () => {
    const base = Math.floor(Date.now() / 1000);
    // offsets spread over one 4-hour block interval
    for (const offset of [0, 3_917, 7_301, 11_113]) {
      const now = base + offset;
      const anvil = await startAnvil({ port: await getFreePort(), timestamp: now - 86_400 });
      try {
        const deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
        const r = await seed({ rpcUrl: anvil.rpcUrl, deployment, days: 1, now, blockInterval: 4 * 3600, steps: STEPS });
        expect(r.blocks).toBeGreaterThan(0);
      } finally {
        await anvil.stop();
      }
    }
  }, 240_000);
});
