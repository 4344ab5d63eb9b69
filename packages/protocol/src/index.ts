export * from "./chains.ts";
export * from "./deployment.ts";
