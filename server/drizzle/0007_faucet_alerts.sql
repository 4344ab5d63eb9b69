CREATE TABLE "faucet_claims" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"tx_hashes" text[] DEFAULT '{}' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faucet_claims_chain_id_address_day_kind_pk" PRIMARY KEY("chain_id","address","day","kind")
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"chain_id" integer NOT NULL,
	"portfolio" text NOT NULL,
	"owner" text NOT NULL,
	"up" text,
	"down" text,
	"trade_alert" boolean DEFAULT false NOT NULL,
	"discord" text NOT NULL,
	"up_crossed" boolean DEFAULT false NOT NULL,
	"down_crossed" boolean DEFAULT false NOT NULL,
	"last_trade_block" bigint DEFAULT 0 NOT NULL,
	"last_trade_log" integer DEFAULT -1 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_chain_id_portfolio_owner_pk" PRIMARY KEY("chain_id","portfolio","owner")
);
