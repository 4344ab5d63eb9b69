CREATE TABLE "follows" (
	"chain_id" integer NOT NULL,
	"follower" text NOT NULL,
	"followee" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_chain_id_follower_followee_pk" PRIMARY KEY("chain_id","follower","followee")
);
--> statement-breakpoint
CREATE TABLE "manager_profiles" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"profile" text DEFAULT '' NOT NULL,
	"photo" text,
	"photo_version" integer DEFAULT 0 NOT NULL,
	"mainnet_eth" text DEFAULT '' NOT NULL,
	"twitter_url" text DEFAULT '' NOT NULL,
	"github" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manager_profiles_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE INDEX "follows_followee" ON "follows" USING btree ("chain_id","followee","created_at");