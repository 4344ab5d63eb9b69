CREATE TABLE "governance_ballots" (
	"chain_id" integer NOT NULL,
	"governor" text NOT NULL,
	"proposal_id" numeric(78, 0) NOT NULL,
	"voter" text NOT NULL,
	"support" boolean NOT NULL,
	"signature" text NOT NULL,
	"status" text NOT NULL,
	"tx_hash" text,
	"error" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "governance_ballots_chain_id_governor_proposal_id_voter_pk" PRIMARY KEY("chain_id","governor","proposal_id","voter")
);
--> statement-breakpoint
CREATE TABLE "governance_events" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"governor" text NOT NULL,
	"proposal_id" numeric(78, 0) NOT NULL,
	"kind" text NOT NULL,
	"eta" bigint,
	"amount" numeric(78, 0),
	CONSTRAINT "governance_events_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "governance_proposals" (
	"chain_id" integer NOT NULL,
	"governor" text NOT NULL,
	"proposal_id" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"proposer" text NOT NULL,
	"targets" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"calldatas" jsonb NOT NULL,
	"vote_start" bigint NOT NULL,
	"vote_end" bigint NOT NULL,
	"description" text NOT NULL,
	"title" text NOT NULL,
	"stake" numeric(78, 0) DEFAULT 0 NOT NULL,
	CONSTRAINT "governance_proposals_chain_id_governor_proposal_id_pk" PRIMARY KEY("chain_id","governor","proposal_id")
);
--> statement-breakpoint
CREATE TABLE "governance_quorums" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"timestamp" bigint NOT NULL,
	"governor" text NOT NULL,
	"quorum" numeric(78, 0) NOT NULL,
	CONSTRAINT "governance_quorums_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "governance_tallies" (
	"chain_id" integer NOT NULL,
	"governor" text NOT NULL,
	"proposal_id" numeric(78, 0) NOT NULL,
	"for_votes" numeric(78, 0) DEFAULT 0 NOT NULL,
	"against_votes" numeric(78, 0) DEFAULT 0 NOT NULL,
	"voters" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "governance_tallies_chain_id_governor_proposal_id_pk" PRIMARY KEY("chain_id","governor","proposal_id")
);
--> statement-breakpoint
CREATE TABLE "governance_votes" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"governor" text NOT NULL,
	"proposal_id" numeric(78, 0) NOT NULL,
	"voter" text NOT NULL,
	"support" boolean NOT NULL,
	"weight" numeric(78, 0) NOT NULL,
	"weight_order" double precision NOT NULL,
	CONSTRAINT "governance_votes_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE INDEX "governance_ballots_pending" ON "governance_ballots" USING btree ("chain_id","status","created_at");--> statement-breakpoint
CREATE INDEX "governance_events_proposal" ON "governance_events" USING btree ("chain_id","governor","proposal_id");--> statement-breakpoint
CREATE INDEX "governance_proposals_proposer" ON "governance_proposals" USING btree ("chain_id","proposer","block_number");--> statement-breakpoint
CREATE INDEX "governance_proposals_block" ON "governance_proposals" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "governance_quorums_time" ON "governance_quorums" USING btree ("chain_id","governor","timestamp");--> statement-breakpoint
CREATE INDEX "governance_votes_proposal" ON "governance_votes" USING btree ("chain_id","governor","proposal_id","weight_order");--> statement-breakpoint
CREATE INDEX "governance_votes_voter" ON "governance_votes" USING btree ("chain_id","governor","proposal_id","voter");