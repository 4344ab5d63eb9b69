import { sofiGovernorAbi, timelockControllerAbi } from "@sofi/protocol";
import { type AbiFunction, encodeFunctionData, getAddress, toFunctionSignature } from "viem";
import { describe, expect, it } from "vitest";
import { decodeAction } from "../src/api/queries/governance-calls.ts";

const target = "0x00000000000000000000000000000000000000aa";
const fn = (abi: readonly unknown[], name: string, inputs: number) =>
  (abi as AbiFunction[]).find((f) => f.type === "function" && f.name === name && f.inputs.length === inputs);

describe("a proposal action's reading", () => {
  it("an overloaded function is read by its selector: the timelock's execute is not shown as the governor's", () => {
    const timelockExecute = fn(timelockControllerAbi, "execute", 5);
    expect(timelockExecute).toBeDefined();
    // the name is overloaded among the ABIs an action is read against
    expect((sofiGovernorAbi as readonly AbiFunction[]).some((f) => f.type === "function" && f.name === "execute")).toBe(
      true,
    );
    const data = encodeFunctionData({
      abi: [timelockExecute as AbiFunction],
      functionName: "execute",
      args: [target, 0n, "0x1234", `0x${"00".repeat(32)}`, `0x${"11".repeat(32)}`],
    });
    const a = decodeAction(target, "0", data);
    expect(a.signature).toBe(toFunctionSignature(timelockExecute as AbiFunction));
    expect(a.args).toEqual([getAddress(target), "0", "0x1234", `0x${"00".repeat(32)}`, `0x${"11".repeat(32)}`]);
  });
});
