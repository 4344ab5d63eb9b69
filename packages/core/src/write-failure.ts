/**
 * What a failed write says (spec 001 §8), for every feature that sends one: the wallet's refusal
 * (EIP-1193 4001, or a wallet that only says so in words) is `cancelled` and shows the spec's
 * "User cancelled the transaction."; any other failure keeps the contract's revert reason, else the
 * wallet's or node's short message.
 */
import { extractSwapErrorInfo, isRejection } from "./swap.ts";

export type WriteFailure = { key: "cancelled" } | { key: "error"; message: string };

export function writeFailure(error: unknown): WriteFailure {
  const info = extractSwapErrorInfo(error);
  if (isRejection(info)) return { key: "cancelled" };
  return { key: "error", message: info.reason ?? info.message };
}

/** A contract's refusal as its ABI names it: the custom error (or `Error(string)`) and its arguments. */
export type ContractRevert = { name: string; args: readonly unknown[] };

/**
 * The custom error a contract reverted with, when the caller's ABI knows it (issue 21 §4: the manage
 * page and the promotion owner's withdraw say the contract's refusals in the user's language). Walks
 * the error's `cause` chain for viem's decoded revert (`ContractFunctionRevertedError`'s
 * `data.errorName` and `data.args`), as a simulation, a gas estimate or a send throws it; null when
 * there is none (a wallet refusal, a network failure, a revert the ABI does not know).
 */
export function contractRevert(error: unknown): ContractRevert | null {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 10; depth++) {
    const data = (e as { data?: unknown }).data;
    if (data && typeof data === "object") {
      const { errorName, args } = data as { errorName?: unknown; args?: unknown };
      if (typeof errorName === "string" && errorName) return { name: errorName, args: Array.isArray(args) ? args : [] };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
