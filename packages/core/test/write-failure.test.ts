import { ContractFunctionExecutionError, ContractFunctionRevertedError, encodeErrorResult, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { contractRevert, writeFailure } from "../src/write-failure.ts";

describe("write failures (spec 001 §8)", () => {
  it("a wallet refusal is the cancelled text; other errors keep their message or revert reason", () => {
    expect(writeFailure({ code: 4001, message: "User rejected the request." })).toEqual({ key: "cancelled" });
    expect(writeFailure(new Error("outer", { cause: { code: 4001, message: "denied" } }))).toEqual({
      key: "cancelled",
    });
    expect(writeFailure(new Error("MetaMask Tx Signature: User denied transaction signature."))).toEqual({
      key: "cancelled",
    });
    expect(writeFailure({ shortMessage: "boom", reason: "InsufficientReserve" })).toEqual({
      key: "error",
      message: "InsufficientReserve",
    });
    expect(writeFailure(new Error("nonce too low"))).toEqual({ key: "error", message: "nonce too low" });
  });

  it("a contract's refusal: the custom error viem decoded, found down the cause chain (issue 21 §4)", () => {
    const reverted = {
      name: "ContractFunctionRevertedError",
      data: { errorName: "ExitFeeTooHigh", args: [501n] },
      message: "reverted",
    };
    expect(contractRevert({ shortMessage: "simulation failed", cause: reverted })).toEqual({
      name: "ExitFeeTooHigh",
      args: [501n],
    });
    expect(contractRevert(new Error("estimate", { cause: { cause: { data: { errorName: "ZeroAddress" } } } }))).toEqual(
      { name: "ZeroAddress", args: [] },
    );
    // an RPC error's data (hex), a wallet refusal, plain errors: none
    expect(contractRevert({ data: "0x1234", message: "execution reverted" })).toBeNull();
    expect(contractRevert({ code: 4001, message: "User rejected the request." })).toBeNull();
    expect(contractRevert(new Error("nonce too low"))).toBeNull();
    expect(contractRevert(null)).toBeNull();
    expect(contractRevert("boom")).toBeNull();
  });

  it("reads viem's own errors: a revert decoded with the caller's ABI", () => {
    const abi = parseAbi(["error ExitFeeTooHigh(uint256 exitFeeBps)", "function setExitFee(address,uint256,address)"]);
    const data = encodeErrorResult({ abi, errorName: "ExitFeeTooHigh", args: [501n] });
    const cause = new ContractFunctionRevertedError({ abi, data, functionName: "setExitFee" });
    const error = new ContractFunctionExecutionError(cause, { abi, functionName: "setExitFee", args: [] });
    expect(contractRevert(error)).toEqual({ name: "ExitFeeTooHigh", args: [501n] });
  });
});
