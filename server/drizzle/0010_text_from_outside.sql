CREATE TABLE "indexer_quarantine" (
	"chain_id" integer NOT NULL,
	"handler" text NOT NULL,
	"event" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"args" jsonb NOT NULL,
	"error" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indexer_quarantine_chain_id_handler_block_number_log_index_pk" PRIMARY KEY("chain_id","handler","block_number","log_index")
);
--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "name_raw" text;--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "symbol_raw" text;