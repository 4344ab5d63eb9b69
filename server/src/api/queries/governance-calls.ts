/**
 * Reading a proposal's actions and why a call reverts (issue 18): calldata decoded against the ABIs
 * of the contracts a proposal may call (the portfolio factory's allow-list, SOFI and any ERC-20,
 * the governor's and timelock's settings), and revert data decoded against their errors (custom
 * errors included, where Tally needs a third-party simulator), else viem's own reading.
 */
import { erc20Abi, portfolioFactoryAbi, sofiGovernorAbi, sofiTokenAbi, timelockControllerAbi } from "@sofi/protocol";
import {
  type Abi,
  type AbiFunction,
  BaseError,
  decodeErrorResult,
  decodeFunctionData,
  type Hex,
  toFunctionSelector,
  toFunctionSignature,
} from "viem";

const KNOWN: Abi = [...portfolioFactoryAbi, ...sofiTokenAbi, ...erc20Abi, ...sofiGovernorAbi, ...timelockControllerAbi];
/** Functions and errors once each (several ABIs share ERC-20's). */
const dedupe = (items: Abi, type: "function" | "error"): Abi => {
  const seen = new Set<string>();
  return items.filter((x) => {
    if (x.type !== type) return false;
    const key = toFunctionSignature(x as AbiFunction);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
const FUNCTIONS = dedupe(KNOWN, "function");
const ERRORS = dedupe(KNOWN, "error");

const text = (v: unknown): string =>
  typeof v === "bigint"
    ? v.toString()
    : Array.isArray(v)
      ? JSON.stringify(v.map((x) => (typeof x === "bigint" ? x.toString() : x)))
      : String(v);

/** An action's signature and arguments as text (the bare selector when no known ABI has it). */
export function decodeAction(target: string, value: string, calldata: Hex) {
  try {
    const d = decodeFunctionData({ abi: FUNCTIONS, data: calldata });
    // by selector, not by name: the governor's and the timelock's execute, queue and cancel are overloaded
    const selector = calldata.slice(0, 10).toLowerCase();
    const item = FUNCTIONS.find(
      (f) => f.type === "function" && toFunctionSelector(f as AbiFunction) === selector,
    ) as AbiFunction;
    return {
      target,
      value,
      calldata,
      signature: toFunctionSignature(item),
      args: (d.args ?? []).map(text),
    };
  } catch {
    return { target, value, calldata, signature: calldata.slice(0, 10), args: [] };
  }
}

/** The revert data inside a viem error, if it carries any. */
function revertData(e: unknown): Hex | null {
  if (!(e instanceof BaseError)) return null;
  const found = e.walk((x) => typeof (x as { data?: unknown }).data === "string") as { data?: unknown } | null;
  const data = found?.data;
  return typeof data === "string" && /^0x[0-9a-fA-F]*$/.test(data) && data.length >= 10 ? (data as Hex) : null;
}

/** Why a call reverted, in words: the known error with its arguments, the Error(string), or viem's short message. */
export function revertReason(e: unknown): string {
  const data = revertData(e);
  if (data) {
    try {
      const d = decodeErrorResult({ abi: ERRORS, data });
      if (d.errorName === "Error") return String(d.args?.[0] ?? "reverted");
      return `${d.errorName}(${(d.args ?? []).map(text).join(", ")})`;
    } catch {
      // not one of ours: viem's message below
    }
  }
  if (e instanceof BaseError) {
    const reason = (e.walk((x) => typeof (x as { reason?: unknown }).reason === "string") as { reason?: string } | null)
      ?.reason;
    return reason ?? e.shortMessage;
  }
  return e instanceof Error ? (e.message.split("\n")[0] ?? "reverted") : "reverted";
}
