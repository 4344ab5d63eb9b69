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
