CREATE TABLE "social_dislikes" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"post_id" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "social_dislikes_chain_id_address_post_id_pk" PRIMARY KEY("chain_id","address","post_id")
);
--> statement-breakpoint
CREATE TABLE "social_mutes" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"author" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "social_mutes_chain_id_address_author_pk" PRIMARY KEY("chain_id","address","author")
);
--> statement-breakpoint
CREATE TABLE "social_post_topics" (
	"chain_id" integer NOT NULL,
	"topic" text NOT NULL,
	"created_at" bigint NOT NULL,
	"post_id" bigint NOT NULL,
	CONSTRAINT "social_post_topics_chain_id_topic_created_at_post_id_pk" PRIMARY KEY("chain_id","topic","created_at","post_id")
);
--> statement-breakpoint
CREATE TABLE "social_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"created_at" bigint NOT NULL,
	"symbols" jsonb NOT NULL,
	"up" integer DEFAULT 0 NOT NULL,
	"down" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_predictions" (
	"chain_id" integer NOT NULL,
	"post_id" bigint NOT NULL,
	"address" text NOT NULL,
	"direction" text NOT NULL,
	"created_at" bigint NOT NULL,
	"at" bigint NOT NULL,
	"token" text,
	"symbol" text,
	"price_at" double precision,
	"price_after" double precision,
	"points" integer,
	"scored_at" bigint,
	"awarded_at" bigint,
	CONSTRAINT "social_predictions_chain_id_post_id_address_pk" PRIMARY KEY("chain_id","post_id","address")
);
--> statement-breakpoint
CREATE INDEX "social_post_topics_recent" ON "social_post_topics" USING btree ("chain_id","created_at");--> statement-breakpoint
CREATE INDEX "social_posts_feed" ON "social_posts" USING btree ("chain_id","created_at","id");--> statement-breakpoint
CREATE INDEX "social_posts_author" ON "social_posts" USING btree ("chain_id","author","created_at","id");--> statement-breakpoint
CREATE INDEX "social_posts_chain_id" ON "social_posts" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "social_predictions_address" ON "social_predictions" USING btree ("chain_id","address");--> statement-breakpoint
CREATE INDEX "social_predictions_unscored" ON "social_predictions" USING btree ("chain_id","at") WHERE scored_at IS NULL;--> statement-breakpoint
CREATE INDEX "social_predictions_unawarded" ON "social_predictions" USING btree ("chain_id","scored_at") WHERE awarded_at IS NULL AND points > 0;