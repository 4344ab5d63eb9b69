import { type Hex, HttpRequestError, TransactionNotFoundError, TransactionReceiptNotFoundError } from "viem";
import { describe, expect, it } from "vitest";
import { txKnown } from "../src/jobs/chain-tx.ts";
import { waitMined } from "../src/jobs/race-keeper.ts";

const hash = `0x${"ab".repeat(32)}` as Hex;

/** A node that has no receipt for `hash` and answers the transaction question with `answer`. */
const node = (answer: () => Promise<unknown>) =>
  ({
    getTransactionReceipt: () => Promise.reject(new TransactionReceiptNotFoundError({ hash })),
    getTransaction: answer,
  }) as never;

describe("the keeper's view of a sent transaction", () => {
  it("is dropped only when the node says it does not know it", async () => {
    const gone = node(() => Promise.reject(new TransactionNotFoundError({ hash })));
    expect(await txKnown(gone, hash)).toBe(false);
    expect(await waitMined(gone, hash, { timeoutMs: 5_000, pollMs: 10 })).toEqual({ state: "dropped" });
  });

  it("a node that fails to answer (timeout, rate limit) leaves it pending, never dropped (no second opening)", async () => {
    const failing = node(() => Promise.reject(new HttpRequestError({ url: "http://node", status: 429 })));
    expect(await txKnown(failing, hash)).toBeNull();
    expect(await waitMined(failing, hash, { timeoutMs: 100, pollMs: 10 })).toEqual({ state: "pending" });
  });

  it("a known transaction without a receipt is pending until the timeout", async () => {
    const pending = node(() => Promise.resolve({ hash }));
    expect(await txKnown(pending, hash)).toBe(true);
    expect(await waitMined(pending, hash, { timeoutMs: 100, pollMs: 10 })).toEqual({ state: "pending" });
  });
});
