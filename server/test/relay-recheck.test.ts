/**
 * The relay's recheck of sent ballots: a transaction the chain lost (a reorg) is queued again, one
 * that reverted is failed so the voter may sign again, and a mined or still pending one, an
 * indexed vote, or a ballot sent moments ago is left alone.
 */
import { type Hex, HttpRequestError, TransactionNotFoundError, TransactionReceiptNotFoundError } from "viem";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { RELAY_RECHECK_MS, recheckSentBallots } from "../src/jobs/relay.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";

const governor = "0x00000000000000000000000000000000000000aa";
const voter = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;
const NOW = 1_800_000_000_000;

/** The chain as the recheck sees it: each hash is mined (success or reverted), in the mempool, gone, or the node does not answer. */
function chain(state: Record<string, "success" | "reverted" | "mempool" | "gone" | "unreachable">) {
  const calls: string[] = [];
  return {
    calls,
    client: {
      getTransactionReceipt: async ({ hash }: { hash: Hex }) => {
        calls.push(hash);
        const s = state[hash];
        if (s === "success" || s === "reverted") return { status: s };
        if (s === "unreachable") throw new HttpRequestError({ url: "http://node", status: 429 });
        throw new TransactionReceiptNotFoundError({ hash });
      },
      getTransaction: async ({ hash }: { hash: Hex }) => {
        if (state[hash] === "mempool") return { hash };
        if (state[hash] === "unreachable") throw new HttpRequestError({ url: "http://node", status: 429 });
        throw new TransactionNotFoundError({ hash });
      },
    } as unknown as Parameters<typeof recheckSentBallots>[0]["client"],
  };
}

async function ballot(db: Db, n: number, status: string, updatedAt: number) {
  await db.query(
    `INSERT INTO governance_ballots (chain_id, governor, proposal_id, voter, support, signature, status, tx_hash, error, created_at, updated_at)
     VALUES (31337, $1, 7, $2, true, '0x', $3, $4, NULL, $5, $5)`,
    [governor, voter(n), status, status === "sent" ? hash(n) : null, updatedAt],
  );
}

const rows = async (db: Db) =>
  Object.fromEntries(
    (
      await db.query<{ voter: string; status: string; tx_hash: string | null; error: string | null }>(
        "SELECT voter, status, tx_hash, error FROM governance_ballots ORDER BY voter",
      )
    ).map((r) => [Number.parseInt(r.voter, 16), r]),
  );

afterAll(closeAllDbs);

describe.each(DB_KINDS)("relay recheck of sent ballots (%s)", (kind) => {
  it("gone → pending, reverted → failed, mined/mempool/indexed/recent → untouched", async () => {
    const db = await freshDb(kind);
    const old = NOW - RELAY_RECHECK_MS - 1;
    await ballot(db, 1, "sent", old); // gone (reorged out)
    await ballot(db, 2, "sent", old); // reverted
    await ballot(db, 3, "sent", old); // mined, not yet indexed
    await ballot(db, 4, "sent", old); // still in the mempool
    await ballot(db, 5, "sent", old); // gone, but its vote is indexed: nothing to do
    await ballot(db, 6, "sent", NOW - 1000); // gone, but sent moments ago: too early to tell
    await ballot(db, 7, "pending", old);
    await ballot(db, 8, "sent", old); // the node does not answer: not taken for gone (no second send)
    await db.query(
      `INSERT INTO governance_votes (chain_id, block_number, log_index, tx_hash, timestamp, governor, proposal_id, voter, support, weight, weight_order)
       VALUES (31337, 10, 0, $1, 1, $2, 7, $3, true, 1, 1)`,
      [hash(5), governor, voter(5)],
    );
    const { client, calls } = chain({
      [hash(1)]: "gone",
      [hash(2)]: "reverted",
      [hash(3)]: "success",
      [hash(4)]: "mempool",
      [hash(5)]: "gone",
      [hash(6)]: "gone",
      [hash(8)]: "unreachable",
    });
    const log: string[] = [];
    await recheckSentBallots({ db, client, chainId: 31337, governor, log: (m) => log.push(m), now: NOW });

    const after = await rows(db);
    expect(after[1]).toMatchObject({ status: "pending", tx_hash: null, error: null });
    expect(after[2]).toMatchObject({ status: "failed", tx_hash: null, error: "the relayed transaction reverted" });
    expect(after[3]).toMatchObject({ status: "sent", tx_hash: hash(3) });
    expect(after[4]).toMatchObject({ status: "sent", tx_hash: hash(4) });
    expect(after[5]).toMatchObject({ status: "sent", tx_hash: hash(5) });
    expect(after[6]).toMatchObject({ status: "sent", tx_hash: hash(6) });
    expect(after[7]).toMatchObject({ status: "pending" });
    expect(after[8]).toMatchObject({ status: "sent", tx_hash: hash(8), error: null });
    // indexed and recent ballots were not even looked up
    expect(calls.sort()).toEqual([hash(1), hash(2), hash(3), hash(4), hash(8)].sort());
    expect(log.join("\n")).toMatch(/gone from the chain; queued again/);
    expect(log.join("\n")).toMatch(/reverted; marked failed/);

    // the mined and mempool ones are looked at again only after another interval; the one the
    // node did not answer for at the next round
    calls.length = 0;
    await recheckSentBallots({ db, client, chainId: 31337, governor, log: () => {}, now: NOW + 1000 });
    expect(calls).toEqual([hash(8)]);
  });
});
