CREATE TABLE "indexer_children" (
	"chain_id" integer NOT NULL,
	"handler" text NOT NULL,
	"address" text NOT NULL,
	"factory" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	CONSTRAINT "indexer_children_chain_id_handler_address_pk" PRIMARY KEY("chain_id","handler","address")
);
--> statement-breakpoint
-- Checkpoints became per handler: the single "uniswap-v2-pairs" checkpoint covered both handlers.
INSERT INTO "indexer_checkpoints" ("chain_id", "indexer", "block_number", "block_hash", "updated_at")
  SELECT "chain_id", h.name, "block_number", "block_hash", "updated_at"
  FROM "indexer_checkpoints", (VALUES ('uniswap-v2'), ('aggregator')) AS h(name)
  WHERE "indexer" = 'uniswap-v2-pairs'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "indexer_checkpoints" WHERE "indexer" = 'uniswap-v2-pairs';
