CREATE TABLE "predict_answers" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"question_id" text NOT NULL,
	"kind" text NOT NULL,
	"answer" text,
	"bond" numeric(78, 0),
	"account" text,
	CONSTRAINT "predict_answers_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "predict_events" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"market" text NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"outcome" integer,
	"collateral" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"tokens" numeric(78, 0) NOT NULL,
	"b0" numeric(78, 0) NOT NULL,
	"b1" numeric(78, 0) NOT NULL,
	"price0" double precision NOT NULL,
	"pool_value" double precision NOT NULL,
	CONSTRAINT "predict_events_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "predict_markets" (
	"chain_id" integer NOT NULL,
	"market" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"registry" text NOT NULL,
	"creator" text NOT NULL,
	"condition_id" text NOT NULL,
	"question_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"photo" text NOT NULL,
	"outcome_names" jsonb NOT NULL,
	"resolution_time" bigint NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"initial_funding" numeric(78, 0) NOT NULL,
	"position_ids" jsonb NOT NULL,
	"answer_timeout" bigint NOT NULL,
	"min_bond" numeric(78, 0) NOT NULL,
	CONSTRAINT "predict_markets_chain_id_market_pk" PRIMARY KEY("chain_id","market")
);
--> statement-breakpoint
CREATE TABLE "predict_settlements" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"condition_id" text NOT NULL,
	"kind" text NOT NULL,
	"payouts" jsonb,
	"account" text,
	"payout" numeric(78, 0),
	CONSTRAINT "predict_settlements_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "predict_stats" (
	"chain_id" integer NOT NULL,
	"market" text NOT NULL,
	"volume" numeric(78, 0) NOT NULL,
	"trades" integer NOT NULL,
	CONSTRAINT "predict_stats_chain_id_market_pk" PRIMARY KEY("chain_id","market")
);
--> statement-breakpoint
CREATE TABLE "predict_transfers" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"item" integer NOT NULL,
	"timestamp" bigint NOT NULL,
	"market" text NOT NULL,
	"outcome" integer NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	CONSTRAINT "predict_transfers_chain_id_block_number_log_index_item_pk" PRIMARY KEY("chain_id","block_number","log_index","item")
);
--> statement-breakpoint
CREATE INDEX "predict_answers_question" ON "predict_answers" USING btree ("chain_id","question_id");--> statement-breakpoint
CREATE INDEX "predict_events_market" ON "predict_events" USING btree ("chain_id","market","block_number","log_index");--> statement-breakpoint
CREATE INDEX "predict_events_account" ON "predict_events" USING btree ("chain_id","account","block_number","log_index");--> statement-breakpoint
CREATE INDEX "predict_events_time" ON "predict_events" USING btree ("chain_id","market","timestamp");--> statement-breakpoint
CREATE INDEX "predict_markets_question" ON "predict_markets" USING btree ("chain_id","question_id");--> statement-breakpoint
CREATE INDEX "predict_markets_condition" ON "predict_markets" USING btree ("chain_id","condition_id");--> statement-breakpoint
CREATE INDEX "predict_markets_block" ON "predict_markets" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "predict_settlements_condition" ON "predict_settlements" USING btree ("chain_id","condition_id");--> statement-breakpoint
CREATE INDEX "predict_settlements_account" ON "predict_settlements" USING btree ("chain_id","account");--> statement-breakpoint
CREATE INDEX "predict_transfers_to" ON "predict_transfers" USING btree ("chain_id","to");--> statement-breakpoint
CREATE INDEX "predict_transfers_from" ON "predict_transfers" USING btree ("chain_id","from");