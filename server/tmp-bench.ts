import { readFileSync, rmSync } from "node:fs";
import { getFreePort, startAnvil } from "@sofi/contracts";
import { createDb } from "./src/db/client.ts";
import { runBackfill } from "./src/indexer/engine.ts";

const meta = JSON.parse(readFileSync("/tmp/bench100k.meta.json", "utf8"));
const port = await getFreePort();
const anvil = await startAnvil({ port, extraArgs: ["--load-state", "/tmp/bench100k.state.json"] });
try {
  for (const kind of (process.argv[2] ?? "pglite,postgres").split(",")) {
    rmSync("/tmp/bench-pglite", { recursive: true, force: true });
    const db =
      kind === "pglite"
        ? await createDb({ dataDir: "/tmp/bench-pglite" })
        : await createDb({ url: "postgresql://postgres@127.0.0.1:5432/test", schema: `b_${Date.now()}` });
    let dbMs = 0;
    const rpcMs = 0;
    const tdb = {
      ...db,
      transaction: async (fn: any) => {
        const t = performance.now();
        try {
          return await db.transaction(fn);
        } finally {
          dbMs += performance.now() - t;
        }
      },
    };
    const s = await runBackfill({
      db: tdb as any,
      chain: 31337,
      deployment: meta.deployment,
      rpcUrl: anvil.rpcUrl,
      toBlock: meta.toBlock,
      log: console.log,
    });
    console.log("dbMs", Math.round(dbMs));
    console.log(kind, s, Math.round(s.events / (s.ms / 1000)), "events/s");
    await db.close();
  }
} finally {
  await anvil.stop();
}
