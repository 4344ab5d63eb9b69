export * from "./blocked.ts";
export * from "./constants.ts";
export * from "./errors.ts";
export * from "./validation.ts";
export * from "./pairs.ts";
export * from "./prices.ts";
export * from "./siwe.ts";
export * from "./api-schemas.ts";
