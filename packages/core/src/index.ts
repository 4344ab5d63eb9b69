export * from "./api-schemas.ts";
export * from "./blocked.ts";
export * from "./constants.ts";
export * from "./errors.ts";
export * from "./pairs.ts";
export * from "./prices.ts";
export * from "./siwe.ts";
export * from "./validation.ts";
