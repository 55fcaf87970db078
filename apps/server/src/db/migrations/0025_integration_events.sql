CREATE TABLE "integration_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"type" text NOT NULL,
	"location_ids" integer[] NOT NULL,
	"order_id" bigint,
	"previous_status" integer,
	"status" integer,
	"occurred_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "integration_events_feed_idx" ON "integration_events" USING btree ("tx_id","id");--> statement-breakpoint
CREATE INDEX "integration_events_locations_idx" ON "integration_events" USING gin ("location_ids");--> statement-breakpoint
CREATE INDEX "integration_events_occurred_idx" ON "integration_events" USING btree ("occurred_at");