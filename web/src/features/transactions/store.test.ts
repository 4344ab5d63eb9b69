import { ERRORS } from "@sofi/core";
import { beforeEach, describe, expect, it } from "vitest";
import { pendingTransactions, useTransactions } from "./store.ts";

const from = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("transactions store", () => {
  beforeEach(() => useTransactions.setState({ byChain: {} }));

  it("adds a transaction, refuses a duplicate with the spec's text, and persists", () => {
    const { add } = useTransactions.getState();
    add({ hash: "0xabc", from, chainId: 31337, summary: "Swap" });
    expect(() => add({ hash: "0xabc", from, chainId: 31337 })).toThrow(ERRORS.duplicateTransaction);
    expect(useTransactions.getState().byChain[31337]?.["0xabc"]?.summary).toBe("Swap");
    expect(localStorage.getItem("sofi_transactions")).toContain("0xabc");
  });

  it("refuses a transaction without hash", () => {
    expect(() => useTransactions.getState().add({ hash: "", from, chainId: 1 })).toThrow(ERRORS.noTransactionHash);
  });

  it("counts as pending until a receipt exists, per account and chain", () => {
    const s = useTransactions.getState();
    s.add({ hash: "0x1", from, chainId: 31337 });
    s.add({ hash: "0x2", from, chainId: 31337 });
    s.add({ hash: "0x3", from, chainId: 8453 });
    s.add({ hash: "0x4", from: "0x0000000000000000000000000000000000000001", chainId: 31337 });
    let byChain = useTransactions.getState().byChain;
    expect(pendingTransactions(byChain, 31337, from.toLowerCase()).map((t) => t.hash)).toEqual(["0x1", "0x2"]);
    s.finalize(31337, "0x1", {
      blockHash: "0xb",
      blockNumber: 5,
      from,
      status: 1,
      transactionHash: "0x1",
      transactionIndex: 0,
    });
    byChain = useTransactions.getState().byChain;
    expect(pendingTransactions(byChain, 31337, from).map((t) => t.hash)).toEqual(["0x2"]);
    expect(byChain[31337]?.["0x1"]?.confirmedTime).toBeTypeOf("number");
    expect(pendingTransactions(byChain, undefined, from)).toEqual([]);
  });
});
