import { FAUCET_ERRORS } from "@sofi/core";
import { chainById, type Deployment, type TokenDeployment } from "@sofi/protocol";

/**
 * Whether the app's network has a faucet (docs/decisions.md "Faucet dialog and SOFI conversion"):
 * the server's faucet runs on test networks whose deployment has test USDT, which the chain config
 * of `GET /api/config` already tells; a server without a funded faucet key answers the claim with
 * its own text (shown as a toast like every faucet answer).
 */
export function faucetUsdt(chainId: number, deployment: Deployment | null | undefined): TokenDeployment | null {
  if (!chainById(chainId)?.testnet) return null;
  return deployment?.tokens.find((t) => t.symbol === "USDT") ?? null;
}

const env = import.meta.env as Record<string, string | undefined>;
const pick = (name: string, fallback: string) => env[name]?.trim() || fallback;

/** Extra mode's two social links (spec 001 §4), each with the username field beside it. */
export const FAUCET_SOCIAL_LINKS = [
  { id: "x", href: pick("VITE_FAUCET_X_URL", "https://x.com"), link: "linkX", username: "usernameX" },
  {
    id: "telegram",
    href: pick("VITE_FAUCET_TELEGRAM_URL", "https://telegram.org"),
    link: "linkTelegram",
    username: "usernameTelegram",
  },
] as const;

/** Longest username field (two of them and the comma stay under the server's 128 characters). */
export const FAUCET_USERNAME_MAX = 60;

/**
 * The dictionary key (`refusal.<key>`) of a faucet answer the server gave in its catalogue's words
 * (core FAUCET_ERRORS), so it shows in the user's language; null for any other text (shown as is).
 */
export function faucetRefusalKey(error: string): keyof typeof FAUCET_ERRORS | null {
  for (const [key, text] of Object.entries(FAUCET_ERRORS)) if (text === error) return key as keyof typeof FAUCET_ERRORS;
  return null;
}
