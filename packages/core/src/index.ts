export * from "./blocked.ts";
export * from "./constants.ts";
export * from "./errors.ts";
export * from "./validation.ts";
