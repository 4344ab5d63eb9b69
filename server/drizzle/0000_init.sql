CREATE TABLE "indexer_blocks" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	CONSTRAINT "indexer_blocks_chain_id_block_number_pk" PRIMARY KEY("chain_id","block_number")
);
--> statement-breakpoint
CREATE TABLE "indexer_checkpoints" (
	"chain_id" integer NOT NULL,
	"indexer" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indexer_checkpoints_chain_id_indexer_pk" PRIMARY KEY("chain_id","indexer")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pair_swaps" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"pair" text NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"amount0_in" numeric(78, 0) NOT NULL,
	"amount1_in" numeric(78, 0) NOT NULL,
	"amount0_out" numeric(78, 0) NOT NULL,
	"amount1_out" numeric(78, 0) NOT NULL,
	CONSTRAINT "pair_swaps_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "pair_syncs" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"timestamp" bigint NOT NULL,
	"pair" text NOT NULL,
	"reserve0" numeric(78, 0) NOT NULL,
	"reserve1" numeric(78, 0) NOT NULL,
	CONSTRAINT "pair_syncs_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE INDEX "page_views_path" ON "page_views" USING btree ("chain_id","path");--> statement-breakpoint
CREATE INDEX "pair_swaps_pair_time" ON "pair_swaps" USING btree ("chain_id","pair","timestamp");--> statement-breakpoint
CREATE INDEX "pair_syncs_pair_time" ON "pair_syncs" USING btree ("chain_id","pair","timestamp");