CREATE TABLE "points_ledger" (
	"chain_id" integer NOT NULL,
	"source" text NOT NULL,
	"ref" text NOT NULL,
	"address" text NOT NULL,
	"points" integer NOT NULL,
	"at" bigint NOT NULL,
	"block_number" bigint,
	CONSTRAINT "points_ledger_chain_id_source_ref_address_pk" PRIMARY KEY("chain_id","source","ref","address")
);
--> statement-breakpoint
CREATE TABLE "points_totals" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "points_totals_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "race_predictions" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"round_id" bigint NOT NULL,
	"account" text NOT NULL,
	"side" integer NOT NULL,
	CONSTRAINT "race_predictions_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "race_results" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"round_id" bigint NOT NULL,
	"result" integer NOT NULL,
	"start_price" numeric(78, 0) NOT NULL,
	"end_price" numeric(78, 0) NOT NULL,
	"cancel_reason" integer,
	CONSTRAINT "race_results_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "race_rounds" (
	"chain_id" integer NOT NULL,
	"round_id" bigint NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"contract" text NOT NULL,
	"kind" integer NOT NULL,
	"name" text NOT NULL,
	"token" text,
	"pair" text,
	"team_a" text NOT NULL,
	"team_b" text NOT NULL,
	"start_predict" bigint NOT NULL,
	"end_predict" bigint NOT NULL,
	"start_round" bigint NOT NULL,
	"end_round" bigint NOT NULL,
	"window" integer NOT NULL,
	"total_rewards" numeric(78, 0) NOT NULL,
	CONSTRAINT "race_rounds_chain_id_round_id_pk" PRIMARY KEY("chain_id","round_id")
);
--> statement-breakpoint
CREATE INDEX "points_ledger_address" ON "points_ledger" USING btree ("chain_id","address","at");--> statement-breakpoint
CREATE INDEX "points_ledger_block" ON "points_ledger" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "points_totals_rank" ON "points_totals" USING btree ("chain_id","points");--> statement-breakpoint
CREATE INDEX "race_predictions_round" ON "race_predictions" USING btree ("chain_id","round_id","block_number");--> statement-breakpoint
CREATE INDEX "race_predictions_account" ON "race_predictions" USING btree ("chain_id","account","block_number");--> statement-breakpoint
CREATE INDEX "race_results_round" ON "race_results" USING btree ("chain_id","round_id");--> statement-breakpoint
CREATE INDEX "race_rounds_start" ON "race_rounds" USING btree ("chain_id","start_predict");--> statement-breakpoint
CREATE INDEX "race_rounds_block" ON "race_rounds" USING btree ("chain_id","block_number");