CREATE TABLE "favorites" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"portfolio" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_chain_id_address_portfolio_pk" PRIMARY KEY("chain_id","address","portfolio")
);
--> statement-breakpoint
CREATE TABLE "portfolio_holders" (
	"chain_id" integer NOT NULL,
	"portfolio" text NOT NULL,
	"holder" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	CONSTRAINT "portfolio_holders_chain_id_portfolio_holder_pk" PRIMARY KEY("chain_id","portfolio","holder")
);
--> statement-breakpoint
CREATE TABLE "portfolio_info" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"icon" text,
	"icon_version" integer DEFAULT 0 NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"promote_end_at" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_info_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "portfolio_metrics" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"value_per_set" double precision NOT NULL,
	"total_value" double precision NOT NULL,
	"apy" double precision NOT NULL,
	"cumulative_apy" double precision NOT NULL,
	"change_24h" double precision NOT NULL,
	"change_7d" double precision NOT NULL,
	"volatility" double precision NOT NULL,
	"trades_count" integer NOT NULL,
	"holders_count" integer NOT NULL,
	"computed_at" bigint NOT NULL,
	CONSTRAINT "portfolio_metrics_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "portfolio_module_events" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"portfolio" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean,
	"exit_fee_bps" integer,
	"recipient" text,
	CONSTRAINT "portfolio_module_events_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "portfolio_multipliers" (
	"chain_id" integer NOT NULL,
	"portfolio" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"timestamp" bigint NOT NULL,
	"multiplier" numeric(78, 0) NOT NULL,
	CONSTRAINT "portfolio_multipliers_chain_id_portfolio_block_number_log_index_pk" PRIMARY KEY("chain_id","portfolio","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "portfolio_positions" (
	"chain_id" integer NOT NULL,
	"portfolio" text NOT NULL,
	"component" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"timestamp" bigint NOT NULL,
	"kind" text NOT NULL,
	"unit" numeric(78, 0),
	CONSTRAINT "portfolio_positions_chain_id_portfolio_component_block_number_log_index_pk" PRIMARY KEY("chain_id","portfolio","component","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "portfolio_rebalances" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"portfolio" text NOT NULL,
	"send_token" text NOT NULL,
	"receive_token" text NOT NULL,
	"exchange_adapter" text NOT NULL,
	"send_amount" numeric(78, 0) NOT NULL,
	"receive_amount" numeric(78, 0) NOT NULL,
	"protocol_fee" numeric(78, 0) NOT NULL,
	CONSTRAINT "portfolio_rebalances_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "portfolio_trades" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"portfolio" text NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"recipient" text,
	"token" text,
	"quantity" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0),
	"trade_fee" numeric(78, 0),
	"exit_fee" numeric(78, 0),
	CONSTRAINT "portfolio_trades_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "portfolio_transfers" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"timestamp" bigint NOT NULL,
	"portfolio" text NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	CONSTRAINT "portfolio_transfers_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"factory" text NOT NULL,
	"manager" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"components" jsonb NOT NULL,
	"units" jsonb NOT NULL,
	"allocations" jsonb NOT NULL,
	"start_price" numeric(78, 0) NOT NULL,
	CONSTRAINT "portfolios_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE INDEX "favorites_portfolio" ON "favorites" USING btree ("chain_id","portfolio");--> statement-breakpoint
CREATE INDEX "portfolio_holders_holder" ON "portfolio_holders" USING btree ("chain_id","holder");--> statement-breakpoint
CREATE INDEX "portfolio_info_views" ON "portfolio_info" USING btree ("chain_id","views");--> statement-breakpoint
CREATE INDEX "portfolio_metrics_apy" ON "portfolio_metrics" USING btree ("chain_id","apy");--> statement-breakpoint
CREATE INDEX "portfolio_metrics_volatility" ON "portfolio_metrics" USING btree ("chain_id","volatility");--> statement-breakpoint
CREATE INDEX "portfolio_metrics_traded" ON "portfolio_metrics" USING btree ("chain_id","trades_count");--> statement-breakpoint
CREATE INDEX "portfolio_module_events_portfolio" ON "portfolio_module_events" USING btree ("chain_id","portfolio");--> statement-breakpoint
CREATE INDEX "portfolio_positions_block" ON "portfolio_positions" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "portfolio_rebalances_portfolio" ON "portfolio_rebalances" USING btree ("chain_id","portfolio");--> statement-breakpoint
CREATE INDEX "portfolio_trades_portfolio" ON "portfolio_trades" USING btree ("chain_id","portfolio","kind");--> statement-breakpoint
CREATE INDEX "portfolio_trades_account" ON "portfolio_trades" USING btree ("chain_id","account","block_number","log_index");--> statement-breakpoint
CREATE INDEX "portfolios_new" ON "portfolios" USING btree ("chain_id","timestamp");--> statement-breakpoint
CREATE INDEX "portfolios_manager" ON "portfolios" USING btree ("chain_id","manager","timestamp");--> statement-breakpoint
CREATE INDEX "portfolios_block" ON "portfolios" USING btree ("chain_id","block_number");