/** Anvil's default account 9 (mnemonic "test … junk"): blocked in the e2e stack. */
export const BLOCKED_TEST_ACCOUNT = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
/** Anvil's default account 1: the e2e tests' regular user. */
export const TEST_ACCOUNT_1 = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}
