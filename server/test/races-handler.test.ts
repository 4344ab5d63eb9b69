/**
 * The races handler when the engine writes a refused range log by log: the settlement and the
 * cancellation of one round arrive in two calls, and the reason still lands on the result.
 */
import { afterAll, describe, expect, it } from "vitest";
import { racesHandler } from "../src/indexer/handlers/races.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";

const log = (block: number, logIndex: number, args: Record<string, string[]>) => ({
  block: [block],
  logIndex: [logIndex],
  tx: [`0x${"0".repeat(63)}${block}`],
  ts: [1_800_000_000],
  address: ["0x00000000000000000000000000000000000000aa"],
  args,
  raw: {},
});

afterAll(closeAllDbs);

describe.each(DB_KINDS)("races handler, one log at a time (%s)", (kind) => {
  it("a cancellation written after its settlement gives the result its reason", async () => {
    const db = await freshDb(kind);
    await db.transaction(async (tx) => {
      await racesHandler.insert(tx, 31337, {
        RoundSettled: log(5, 0, { roundId: ["9"], result: ["4"], startPrice: ["0"], endPrice: ["0"] }),
      } as never);
      await racesHandler.insert(tx, 31337, { RoundCancelled: log(5, 1, { roundId: ["9"], reason: ["1"] }) } as never);
    });
    const rows = await db.query<{ result: number; cancel_reason: number | null }>(
      "SELECT result, cancel_reason FROM race_results WHERE chain_id = 31337 AND round_id = 9",
    );
    expect(rows).toEqual([{ result: 4, cancel_reason: 1 }]);
  });
});
