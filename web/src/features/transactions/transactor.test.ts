import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { BALANCES_QUERY_KEY } from "../../kernel/balances.ts";
import { failureMessage, needsApproval, refreshAfterReceipt, refreshForReceipt, WriteError } from "./transactor.ts";

describe("transactor helpers", () => {
  it("needs an approval for an ERC-20 whose allowance is unknown or below the amount, never for the native coin", () => {
    expect(needsApproval({ isNative: true, allowance: undefined, amount: 5n })).toBe(false);
    expect(needsApproval({ isNative: false, allowance: undefined, amount: 5n })).toBe(true);
    expect(needsApproval({ isNative: false, allowance: 4n, amount: 5n })).toBe(true);
    expect(needsApproval({ isNative: false, allowance: 5n, amount: 5n })).toBe(false);
  });

  it("after a receipt, marks the balances, wagmi's chain reads and the named keys stale, nothing else", async () => {
    const qc = new QueryClient();
    const keys = [
      [BALANCES_QUERY_KEY, 31337, "0xabc", "native"],
      ["balance", { a: 1 }],
      ["readContract", {}],
      ["readContracts", {}],
      ["api", "31337", "trades"],
      ["other"],
    ];
    for (const k of keys) qc.setQueryData(k, 1);
    await refreshAfterReceipt(qc, [["api", "31337"]]);
    const stale = keys.map((k) => qc.getQueryState(k)?.isInvalidated);
    expect(stale).toEqual([true, true, true, true, true, false]);
  });

  it("the tracker and the sender's wait share one refresh per receipt", async () => {
    const qc = new QueryClient();
    const first = refreshForReceipt(qc, 31337, "0xAB");
    expect(refreshForReceipt(qc, 31337, "0xab")).toBe(first);
    expect(refreshForReceipt(qc, 1, "0xab")).not.toBe(first);
    await first;
  });

  it("keeps the stage and the cause of a failed write", () => {
    const cause = new Error("user rejected");
    const e = new WriteError("send", cause);
    expect(e.stage).toBe("send");
    expect(e.cause).toBe(cause);
    expect(e.message).toBe("user rejected");
  });
});

describe("failureMessage (spec 001 §8), the one reading of write errors", () => {
  it("a wallet refusal is null (cancelled); anything else keeps its revert reason or short message", () => {
    expect(failureMessage({ code: 4001 })).toBeNull();
    expect(failureMessage({ cause: { code: 4001, message: "User rejected the request." } })).toBeNull();
    expect(failureMessage(new Error("User denied transaction signature"))).toBeNull();
    expect(failureMessage({ shortMessage: "reverted: Not enabled to trading" })).toBe(
      "reverted: Not enabled to trading",
    );
    expect(failureMessage({ cause: { shortMessage: "AmountTooSmall(1)", message: "long" } })).toBe("AmountTooSmall(1)");
    expect(failureMessage(new Error("boom"))).toBe("boom");
  });

  it("reads through the transactor's WriteError, whose own message is the long one", () => {
    const cause = Object.assign(new Error("a very long message with the whole request"), {
      shortMessage: "Execution reverted.",
    });
    expect(failureMessage(new WriteError("send", cause))).toBe("Execution reverted.");
    expect(failureMessage(new WriteError("send", { code: 4001, message: "rejected" }))).toBeNull();
  });
});
