// The test-token faucet (spec 001 §2 faucet dialog, §4, §7 `POST /sts/faucet`, §8). It adds its
// "Get test token" button (which opens the dialog) beside the header's wallet button through the
// `wallet.actions` slot.
export { claimFaucet, type FaucetOutcome } from "./api.ts";
export { feature } from "./feature.ts";
export { FAUCET_SOCIAL_LINKS, faucetUsdt } from "./rules.ts";
export { useFaucetDialog } from "./store.ts";
