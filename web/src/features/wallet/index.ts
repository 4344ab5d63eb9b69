export { BlockedGate } from "./BlockedGate.tsx";
export { ANVIL_PRIVATE_KEYS, DEV_WALLET_TYPE, devWallet } from "./dev-wallet.ts";
export { useEnsClient, useIsBlocked, useWalletState } from "./hooks.ts";
export { Identicon } from "./Identicon.tsx";
export { switchWalletChain } from "./session.ts";
export { createSignatureManager, type SignedHeaders } from "./signature.ts";
export {
  type NewTransaction,
  pendingTransactions,
  type TransactionRecord,
  useTransactions,
} from "./transactions.ts";
export { useManagerPhoto } from "./useManagerPhoto.ts";
export { useSignedRequest } from "./useSignedRequest.ts";
export { WalletProvider } from "./WalletProvider.tsx";
export { WalletStatus } from "./WalletStatus.tsx";
export { createWalletConfig, toViemChain } from "./wagmi-config.ts";
export { shortenAddress, useWalletUi } from "./wallet-ui.ts";
