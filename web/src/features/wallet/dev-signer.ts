import { type Address, type Chain, createWalletClient, type Hex, http, type TypedDataDefinition } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** The dev wallet's signing half, loaded on first use (keeps secp256k1 out of the first-load bundle). */
export function devAccountFromKey(key: Hex) {
  return privateKeyToAccount(key);
}

export function signMessageWith(key: Hex, message: string | { raw: Hex }): Promise<Hex> {
  return privateKeyToAccount(key).signMessage({ message });
}

export function signTypedDataWith(key: Hex, typed: TypedDataDefinition): Promise<Hex> {
  return privateKeyToAccount(key).signTypedData(typed);
}

export type DevTransaction = { to?: Address; data?: Hex; value?: bigint; gas?: bigint; nonce?: number };

/** Signs locally and sends the raw transaction to the chain's RPC (eth_sendRawTransaction). */
export function sendTransactionWith(key: Hex, chain: Chain, tx: DevTransaction): Promise<Hex> {
  const client = createWalletClient({
    account: privateKeyToAccount(key),
    chain,
    transport: http(chain.rpcUrls.default.http[0]),
  });
  return client.sendTransaction({ ...tx, chain } as Parameters<typeof client.sendTransaction>[0]);
}
