// The test-token faucet (spec 001 §2 faucet dialog, §4, §7 `POST /sts/faucet`, §8). The header
// places <FaucetButton /> (through the wallet slice's WalletStatus); it opens the dialog.
export { claimFaucet, type FaucetOutcome } from "./api.ts";
export { FaucetButton } from "./FaucetButton.tsx";
export { FAUCET_SOCIAL_LINKS, faucetUsdt } from "./rules.ts";
export { useFaucetDialog } from "./store.ts";
