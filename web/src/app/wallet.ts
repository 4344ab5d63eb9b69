// The wallet slice's public interface as the shell uses it.
export { BlockedGate, WalletProvider, WalletStatus } from "../features/wallet/index.ts";
