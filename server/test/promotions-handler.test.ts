/** The promotions handler on synthetic rows: inserts, replays add nothing, reorgs undo, the source. */
import type { Deployment } from "@sofi/protocol";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { type EventColumns, type HandlerRows, rollbackHandler } from "../src/indexer/handler.ts";
import { promotionsHandler } from "../src/indexer/handlers/promotions.ts";
import { ALL_HANDLERS as HANDLERS } from "../src/modules/fold.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";

const PROMOTION = "0x00000000000000000000000000000000000000f2";
const P1 = "0x00000000000000000000000000000000000000a1";
const P2 = "0x00000000000000000000000000000000000000a2";
const M = "0x00000000000000000000000000000000000000b1";

function promoted(
  rows: { block: number; log: number; portfolio: string; amount: string; endAt: string }[],
): HandlerRows {
  return {
    Promoted: {
      block: rows.map((r) => r.block),
      logIndex: rows.map((r) => r.log),
      tx: rows.map((r) => `0x${r.block.toString(16).padStart(64, "0")}`),
      ts: rows.map((r) => 1_700_000_000 + r.block * 12),
      address: rows.map(() => PROMOTION),
      raw: {},
      args: {
        portfolio: rows.map((r) => r.portfolio),
        payer: rows.map(() => M),
        amount: rows.map((r) => r.amount),
        endAt: rows.map((r) => r.endAt),
      },
    } as EventColumns,
  };
}

async function logRows(db: Db) {
  return db.query<{ block_number: string; portfolio: string; payer: string; amount: string; end_at: string }>(
    `SELECT block_number::text, portfolio, payer, amount::text, end_at::text FROM portfolio_promotions
     WHERE chain_id = 31337 ORDER BY block_number, log_index`,
  );
}

afterAll(closeAllDbs);

describe.each(DB_KINDS)("promotions handler (%s)", (kind) => {
  it("logs each payment; a replay adds nothing; a reorg removes the rows above the fork", async () => {
    const db = await freshDb(kind);
    const range = promoted([
      { block: 10, log: 0, portfolio: P1, amount: "100000000000000000000", endAt: "1700003720" },
      { block: 11, log: 2, portfolio: P2, amount: "50000000000000000000", endAt: "1700001932" },
      { block: 12, log: 1, portfolio: P1, amount: "12345000000000000000", endAt: "1700004164" },
    ]);
    await db.transaction((tx) => promotionsHandler.insert(tx, 31337, range));
    await db.transaction((tx) => promotionsHandler.insert(tx, 31337, range)); // a replay
    expect(await logRows(db)).toEqual([
      { block_number: "10", portfolio: P1, payer: M, amount: "100000000000000000000", end_at: "1700003720" },
      { block_number: "11", portfolio: P2, payer: M, amount: "50000000000000000000", end_at: "1700001932" },
      { block_number: "12", portfolio: P1, payer: M, amount: "12345000000000000000", end_at: "1700004164" },
    ]);
    // another chain's rows are kept apart
    await db.transaction((tx) => promotionsHandler.insert(tx, 1, range));

    await db.transaction((tx) => rollbackHandler(tx, promotionsHandler, 31337, 11));
    expect((await logRows(db)).map((r) => r.block_number)).toEqual(["10", "11"]);
    const [other] = await db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM portfolio_promotions WHERE chain_id = 1",
    );
    expect(other?.n).toBe("3");
    // an empty range writes nothing
    await db.transaction((tx) => promotionsHandler.insert(tx, 31337, {}));
    expect(await logRows(db)).toHaveLength(2);
  });

  it("listens to the deployment's promotion contract only, and is registered", () => {
    const source = promotionsHandler.sources[0];
    if (source?.kind !== "fixed") throw new Error("expected a fixed source");
    const d = { contracts: { portfolioPromotion: PROMOTION } } as unknown as Deployment;
    expect(source.addresses(d)).toEqual([PROMOTION]);
    expect(source.addresses({ contracts: {} } as unknown as Deployment)).toEqual([]);
    expect(promotionsHandler.events.map((e) => e.name)).toEqual(["Promoted"]);
    expect(HANDLERS).toContain(promotionsHandler);
  });
});
