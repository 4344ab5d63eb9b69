import type { Address } from "viem";

/** What the deploy script writes to `deployments/{chainId}.json`. Generated, never hand-edited. */
export type TokenDeployment = {
  symbol: string;
  name: string;
  decimals: number;
  address: Address;
  /** Topic tags for market screens, e.g. "ai", "meme", "rwa", "defi", "base", "stable", "governance". */
  tags: string[];
};

export type DexDeployment = {
  name: string;
  factory: Address;
  router: Address;
};

export type PairDeployment = {
  address: Address;
  dex: string;
  token0: Address;
  token1: Address;
};

/**
 * `C` names the contracts of `contracts` (the deploy steps' names, see contracts/scripts/deploy/index.ts's
 * `ContractName`); plain `Deployment` keeps any name, so a record read from JSON stays assignable.
 */
export type Deployment<C extends string = string> = {
  chainId: number;
  /** First block that holds any of these contracts: where the indexer starts. */
  startBlock: number;
  deployer: Address;
  weth: Address;
  multicall3: Address;
  dexes: DexDeployment[];
  tokens: TokenDeployment[];
  pairs: PairDeployment[];
  /** Each capability's contracts by name, written by its deploy step (contracts/scripts/deploy/<feature>.ts). */
  contracts: Record<C, Address>;
};
