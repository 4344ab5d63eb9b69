import type { Deployment, TokenDeployment } from "@sofi/protocol";
import type { Address } from "viem";
import { contractAddress } from "../../kernel/contracts.ts";

/** The converter of a chain's deployment with its two tokens, or null when the chain has none. */
export type ConverterInfo = { converter: Address; rai: TokenDeployment; sofi: TokenDeployment };

export function converterOf(deployment: Deployment | null | undefined): ConverterInfo | null {
  const converter = contractAddress(deployment, "sofiConverter");
  const rai = deployment?.tokens.find((t) => t.symbol === "RAI");
  const sofi = deployment?.tokens.find((t) => t.symbol === "SOFI");
  if (!converter || !rai || !sofi) return null;
  return { converter, rai, sofi };
}
