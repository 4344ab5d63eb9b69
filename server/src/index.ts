export { createApp } from "./api/app.ts";
export { Market } from "./api/market.ts";
export { requireSignature, verifySignedHeaders } from "./auth/verify.ts";
export { type ChainConfig, ConfigError, loadConfig, loadDeploymentFile, type ServerConfig } from "./config.ts";
export { createDb, type Db, migrateDb } from "./db/client.ts";
export * as schema from "./db/schema.ts";
export {
  ChainIndexer,
  type IndexStats,
  readCheckpoint,
  runBackfill,
  startLeaderIndexer,
} from "./indexer/engine.ts";
export type { Handler, Source } from "./indexer/handler.ts";
export { ALL_HANDLERS } from "./modules/fold.ts";
export { type RunningServer, type StartServerOptions, startServer } from "./server.ts";
