/**
 * EIP-55 checksummed addresses for replies, memoised: a checksum is a keccak hash, and a list page
 * or a portfolio detail names the same dozen addresses on every request.
 */
import { type Address, getAddress } from "viem";

const MAX = 50_000;
const memo = new Map<string, Address>();

/** `getAddress(address)` from a bounded memo (the oldest entry goes first). */
export function checksum(address: string): Address {
  let a = memo.get(address);
  if (a === undefined) {
    a = getAddress(address);
    if (memo.size >= MAX) memo.delete(memo.keys().next().value as string);
    memo.set(address, a);
  }
  return a;
}
