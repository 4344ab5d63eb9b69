CREATE TABLE "pair_candles" (
	"chain_id" integer NOT NULL,
	"pair" text NOT NULL,
	"bucket" bigint NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"timestamp" bigint NOT NULL,
	"reserve0" numeric(78, 0) NOT NULL,
	"reserve1" numeric(78, 0) NOT NULL,
	CONSTRAINT "pair_candles_chain_id_pair_bucket_pk" PRIMARY KEY("chain_id","pair","bucket")
);
--> statement-breakpoint
DROP INDEX "pair_swaps_pair_time";--> statement-breakpoint
DROP INDEX "pair_syncs_pair_time";