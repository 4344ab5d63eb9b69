/**
 * The docs link of `/proposals` (§2 "a help tooltip and a docs link"). The spec names no host, so it
 * is a build-time variable like the header's links (docs/decisions.md): VITE_LINK_GOVERNANCE_DOCS,
 * else VITE_LINK_DOCS, else OpenZeppelin's governance guide (the governor this app runs is OZ's).
 */
const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
export const GOVERNANCE_DOCS_URL =
  env.VITE_LINK_GOVERNANCE_DOCS?.trim() ||
  env.VITE_LINK_DOCS?.trim() ||
  "https://docs.openzeppelin.com/contracts/5.x/governance";
