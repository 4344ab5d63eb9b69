/**
 * Spec 000 §2/§6: a fixed list of 5 blocked wallet addresses. The spec does not reproduce them;
 * we use five OFAC-sanctioned addresses, as the interface the spec derives from did
 * (docs/decisions.md). Operators extend the list with BLOCKED_ADDRESSES.
 */
export const DEFAULT_BLOCKED_ADDRESSES: readonly string[] = [
  "0x7f367cc41522ce07553e823bf3be79a889debe1b",
  "0xd882cfc20f52f2599d84b8e8d58c7fb62cfe344b",
  "0x901bb9583b24d97e995513c6778dc6888ab6870e",
  "0xa7e5d5a720f06526557c513402f2e6b5fa20b008",
  "0x8576acc5c05d6ce88f4e49bf65bdf0c62f91353c",
];

export function parseBlockedList(extra: string | undefined): Set<string> {
  const set = new Set(DEFAULT_BLOCKED_ADDRESSES);
  for (const a of (extra ?? "").split(",")) {
    const v = a.trim().toLowerCase();
    if (v) set.add(v);
  }
  return set;
}

export function isBlocked(address: string | undefined | null, list: ReadonlySet<string>): boolean {
  return !!address && list.has(address.toLowerCase());
}
