CREATE TABLE "portfolio_stats" (
	"chain_id" integer NOT NULL,
	"portfolio" text NOT NULL,
	"trades_count" integer DEFAULT 0 NOT NULL,
	"holders_count" integer DEFAULT 0 NOT NULL,
	"supply" numeric(78, 0) DEFAULT 0 NOT NULL,
	CONSTRAINT "portfolio_stats_chain_id_portfolio_pk" PRIMARY KEY("chain_id","portfolio")
);
--> statement-breakpoint
CREATE INDEX "portfolio_multipliers_block" ON "portfolio_multipliers" USING btree ("chain_id","block_number");--> statement-breakpoint
-- Counters of the portfolios indexed before this table existed (the handler keeps them from now on).
INSERT INTO "portfolio_stats" ("chain_id", "portfolio", "trades_count", "holders_count", "supply")
SELECT p.chain_id, p.address,
  (SELECT count(*) FROM portfolio_trades t WHERE t.chain_id = p.chain_id AND t.portfolio = p.address AND t.kind IN ('buy', 'sell')),
  (SELECT count(*) FROM portfolio_holders h WHERE h.chain_id = p.chain_id AND h.portfolio = p.address AND h.balance > 0),
  COALESCE((SELECT sum(CASE WHEN x."from" = '0x0000000000000000000000000000000000000000' THEN x.value ELSE 0 END)
                 - sum(CASE WHEN x."to" = '0x0000000000000000000000000000000000000000' THEN x.value ELSE 0 END)
            FROM portfolio_transfers x WHERE x.chain_id = p.chain_id AND x.portfolio = p.address), 0)
FROM portfolios p;
