CREATE TABLE "manager_records" (
	"chain_id" integer NOT NULL,
	"manager" text NOT NULL,
	"volatility" double precision,
	"record_days" integer DEFAULT 0 NOT NULL,
	"return_7d" double precision,
	"return_30d" double precision,
	"return_90d" double precision,
	"return_inception" double precision,
	"eth_return_7d" double precision,
	"eth_return_30d" double precision,
	"eth_return_90d" double precision,
	"eth_return_inception" double precision,
	"max_drawdown" double precision,
	"risk_score" integer,
	"risk_adjusted" double precision,
	"computed_at" bigint NOT NULL,
	CONSTRAINT "manager_records_chain_id_manager_pk" PRIMARY KEY("chain_id","manager")
);
--> statement-breakpoint
DROP INDEX "portfolio_metrics_volatility";--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "record_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "return_7d" double precision;--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "return_30d" double precision;--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "return_90d" double precision;--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "return_inception" double precision;--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "eth_return_7d" double precision;--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "eth_return_30d" double precision;--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "eth_return_90d" double precision;--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "eth_return_inception" double precision;--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "max_drawdown" double precision;--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "risk_score" integer;--> statement-breakpoint
ALTER TABLE "portfolio_metrics" ADD COLUMN "risk_adjusted" double precision;--> statement-breakpoint
CREATE INDEX "portfolio_metrics_risk" ON "portfolio_metrics" USING btree ("chain_id","risk_score","volatility");