import { QueryClient } from "@tanstack/react-query";
import { maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import { BALANCES_QUERY_KEY } from "../../kernel/balances.ts";
import {
  failureMessage,
  needsApproval,
  refreshAfterReceipt,
  refreshForReceipt,
  sendApprove,
  type TransactorContext,
  WriteError,
} from "./transactor.ts";

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

describe("sendApprove: which amount it asks the wallet to approve", () => {
  /** A chain whose gas estimates always fail, recording the approved amount of each estimate. */
  const refusing = () => {
    const asked: bigint[] = [];
    const ctx = {
      chainId: 31337,
      account: "0x0000000000000000000000000000000000000001",
      client: {
        estimateContractGas: async (call: { args: [string, bigint] }) => {
          asked.push(call.args[1]);
          throw new Error("cannot estimate");
        },
      },
    } as unknown as TransactorContext;
    return { ctx, asked };
  };
  const req = {
    token: "0x00000000000000000000000000000000000000aa",
    spender: "0x00000000000000000000000000000000000000bb",
    amount: 10n ** 20n,
    summary: "Approve SOFI",
  } as const;

  it("spec 000 §4: unlimited first, the exact amount when the unlimited one cannot be estimated", async () => {
    const { ctx, asked } = refusing();
    await expect(sendApprove(ctx, req)).rejects.toBeInstanceOf(WriteError);
    expect(asked).toEqual([maxUint256, 10n ** 20n]);
  });

  it("spec 001 §9 (exact): only the amount, never unlimited", async () => {
    const { ctx, asked } = refusing();
    await expect(sendApprove(ctx, { ...req, exact: true })).rejects.toBeInstanceOf(WriteError);
    expect(asked).toEqual([10n ** 20n]);
  });
});
