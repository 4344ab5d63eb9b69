// The wallet slice's public interface as the shell uses it (switches to ../features/wallet once it lands).
export { BlockedGate, WalletProvider, WalletStatus } from "./wallet-standin.tsx";
