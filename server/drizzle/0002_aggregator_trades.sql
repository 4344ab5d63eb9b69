CREATE TABLE "aggregator_trades" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"user" text NOT NULL,
	"router" text NOT NULL,
	"token_in" text NOT NULL,
	"token_out" text NOT NULL,
	"amount_in" numeric(78, 0) NOT NULL,
	"amount_out" numeric(78, 0) NOT NULL,
	"recipient" text NOT NULL,
	CONSTRAINT "aggregator_trades_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE INDEX "aggregator_trades_user" ON "aggregator_trades" USING btree ("chain_id","user","block_number" DESC NULLS LAST,"log_index" DESC NULLS LAST);