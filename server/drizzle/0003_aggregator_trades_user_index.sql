DROP INDEX "aggregator_trades_user";--> statement-breakpoint
CREATE INDEX "aggregator_trades_user_block" ON "aggregator_trades" USING btree ("chain_id","user","block_number","log_index");