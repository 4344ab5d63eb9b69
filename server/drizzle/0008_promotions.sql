CREATE TABLE "portfolio_promotions" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"portfolio" text NOT NULL,
	"payer" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"end_at" bigint NOT NULL,
	CONSTRAINT "portfolio_promotions_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE INDEX "portfolio_promotions_portfolio" ON "portfolio_promotions" USING btree ("chain_id","portfolio");