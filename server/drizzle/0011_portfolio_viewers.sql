CREATE TABLE "portfolio_viewers" (
	"chain_id" integer NOT NULL,
	"portfolio" text NOT NULL,
	"day" text NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "portfolio_viewers_chain_id_portfolio_day_viewer_pk" PRIMARY KEY("chain_id","portfolio","day","viewer")
);
