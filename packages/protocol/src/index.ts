export * from "./abis/index.ts";
export * from "./chains.ts";
export * from "./deployment.ts";
export * from "./deployments/index.ts";
