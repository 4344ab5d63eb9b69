import { createDb } from "./src/db/client.ts";

const N = 50_000;
const arr = (f: (i: number) => string | number) => `{${Array.from({ length: N }, (_, i) => f(i)).join(",")}}`;
const p = [
  1,
  arr((i) => 1 + Math.floor(i / 500)),
  arr((i) => i % 500),
  arr(() => 1700000000),
  arr((i) => `0x${(i % 30).toString(16).padStart(40, "0")}`),
  arr((i) => String(10n ** 24n + BigInt(i))),
  arr((i) => String(10n ** 21n + BigInt(i))),
];
for (const dataDir of [undefined, "/tmp/exp-disk-" + Date.now()]) {
  const db = await createDb({ dataDir });
  let t = performance.now();
  const r = await db.query<{ "QUERY PLAN": string }>(
    `EXPLAIN ANALYZE INSERT INTO pair_syncs (chain_id, block_number, log_index, timestamp, pair, reserve0, reserve1)
       SELECT $1, * FROM unnest($2::int8[], $3::int4[], $4::int8[], $5::text[], $6::numeric[], $7::numeric[]) ON CONFLICT DO NOTHING`,
    p,
  );
  console.log(
    dataDir ? "disk" : "mem",
    "wall",
    Math.round(performance.now() - t),
    r
      .map((x) => x["QUERY PLAN"])
      .filter((l) => /Execution|Planning/.test(l))
      .join(" | "),
  );
  await db.query("TRUNCATE pair_syncs");
  t = performance.now();
  await db.query(
    `INSERT INTO pair_syncs (chain_id, block_number, log_index, timestamp, pair, reserve0, reserve1)
       SELECT $1, * FROM unnest($2::int8[], $3::int4[], $4::int8[], $5::text[], $6::numeric[], $7::numeric[]) ON CONFLICT DO NOTHING`,
    p,
  );
  console.log("plain wall", Math.round(performance.now() - t));
  await db.query("TRUNCATE pair_syncs");
  t = performance.now();
  await db.query(
    `INSERT INTO pair_syncs (chain_id, block_number, log_index, timestamp, pair, reserve0, reserve1)
       SELECT $1, * FROM unnest($2::int8[], $3::int4[], $4::int8[], $5::text[], $6::numeric[], $7::numeric[])`,
    p,
  );
  console.log("no on-conflict wall", Math.round(performance.now() - t));
  await db.close();
}
