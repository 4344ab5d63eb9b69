import {
  basicIssuanceModuleAbi,
  conditionalTokensAbi,
  controllerAbi,
  type Deployment,
  headTailRacesAbi,
  integrationRegistryAbi,
  marketLensAbi,
  portfolioFactoryAbi,
  portfolioPromotionAbi,
  portfolioTradingModuleAbi,
  setTokenCreatorAbi,
  sofiAggregatorAbi,
  sofiConverterAbi,
  sofiGovernorAbi,
  stakingRewardsAbi,
  streamingFeeModuleAbi,
  timelockControllerAbi,
  tradeModuleAbi,
  uniswapV2ExchangeAdapterAbi,
} from "@sofi/protocol";
import { useMemo } from "react";
import { chainConfig, useAppConfig } from "./config.ts";
import { useSettings } from "./settings-store.ts";

/**
 * Each deployed contract's ABI by the name its deploy step writes into `deployment.contracts`
 * (contracts/scripts/deploy/<capability>.ts). A capability that deploys a new contract adds one line.
 */
export const CONTRACT_ABIS = {
  aggregator: sofiAggregatorAbi,
  setController: controllerAbi,
  setTokenCreator: setTokenCreatorAbi,
  setIntegrationRegistry: integrationRegistryAbi,
  basicIssuanceModule: basicIssuanceModuleAbi,
  streamingFeeModule: streamingFeeModuleAbi,
  tradeModule: tradeModuleAbi,
  uniswapV2ExchangeAdapter: uniswapV2ExchangeAdapterAbi,
  uniswapV2ExchangeAdapter2: uniswapV2ExchangeAdapterAbi,
  portfolioTradingModule: portfolioTradingModuleAbi,
  portfolioFactory: portfolioFactoryAbi,
  sofiConverter: sofiConverterAbi,
  portfolioPromotion: portfolioPromotionAbi,
  sofiGovernor: sofiGovernorAbi,
  timelock: timelockControllerAbi,
  conditionalTokens: conditionalTokensAbi,
  marketLens: marketLensAbi,
  stakingRewards: stakingRewardsAbi,
  headTailRaces: headTailRacesAbi,
} as const;

export type ContractName = keyof typeof CONTRACT_ABIS;
export type BoundContract<N extends ContractName> = { address: `0x${string}`; abi: (typeof CONTRACT_ABIS)[N] };

/**
 * The address of the contract `name` in a deployment, or undefined (for rules that need no ABI: a
 * bundle that uses only this does not carry the ABI table).
 */
export function contractAddress(
  deployment: Pick<Deployment, "contracts"> | null | undefined,
  name: ContractName,
): `0x${string}` | undefined {
  return (deployment?.contracts as Record<string, `0x${string}` | undefined> | undefined)?.[name];
}

/** The contract `name` of a deployment (its address and ABI), or null when the deployment has none. */
export function contractOf<N extends ContractName>(
  deployment: Pick<Deployment, "contracts"> | null | undefined,
  name: N,
): BoundContract<N> | null {
  const address = contractAddress(deployment, name);
  return address ? { address, abi: CONTRACT_ABIS[name] } : null;
}

/**
 * The deployed contract `name` on the chosen chain (or `chainId`), from the app config's
 * deployment: `{ address, abi }`, or null when that chain has none.
 *
 *   const factory = useContract("portfolioFactory");
 *   useReadContract({ ...factory, functionName: "...", query: { enabled: !!factory } });
 */
export function useContract<N extends ContractName>(name: N, chainId?: number): BoundContract<N> | null {
  const config = useAppConfig();
  const selected = useSettings((s) => s.chainId);
  const deployment = chainConfig(config, chainId ?? selected)?.deployment;
  const address = contractAddress(deployment, name);
  // Stable while the address stays the same (wagmi's query keys include it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address decides
  return useMemo(() => contractOf(deployment, name), [address, name]);
}
