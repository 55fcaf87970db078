-- The rate limits' counters, shared by every server process (plugins/rate-limit-store.ts, issue 21).
-- UNLOGGED: no WAL for counters of a few minutes; a crash of the database server forgets them.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
-- The scheduler deletes ended windows through this index.
CREATE INDEX "rate_limit_counters_window_ends_at_idx" ON "rate_limit_counters" USING btree ("window_ends_at");
