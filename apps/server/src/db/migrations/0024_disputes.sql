CREATE TABLE "dispute_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dispute_id" integer NOT NULL,
	"event" text NOT NULL,
	"by_user_id" integer,
	"comment" text,
	"lines" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispute_lines" (
	"dispute_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"was_quantity" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "dispute_lines_dispute_id_product_id_pk" PRIMARY KEY("dispute_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "dispute_window_extensions" (
	"source_kind" text NOT NULL,
	"source_id" bigint NOT NULL,
	"until_date" date NOT NULL,
	"by_user_id" integer NOT NULL,
	"comment" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_window_extensions_source_kind_source_id_pk" PRIMARY KEY("source_kind","source_id")
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_kind" text NOT NULL,
	"order_id" bigint,
	"pallet_receipt_id" integer,
	"ledger_entry_id" bigint,
	"booking_date" date NOT NULL,
	"from_location_id" integer NOT NULL,
	"to_location_id" integer NOT NULL,
	"balance_kind" text NOT NULL,
	"opener_location_id" integer NOT NULL,
	"counterparty_location_id" integer NOT NULL,
	"problem" text NOT NULL,
	"comment" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"waiting_on" text,
	"answer_due" date,
	"opened_by_user_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"posted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "dispute_id" integer;--> statement-breakpoint
ALTER TABLE "dispute_events" ADD CONSTRAINT "dispute_events_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_events" ADD CONSTRAINT "dispute_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_lines" ADD CONSTRAINT "dispute_lines_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_lines" ADD CONSTRAINT "dispute_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_window_extensions" ADD CONSTRAINT "dispute_window_extensions_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_pallet_receipt_id_pallet_receipts_id_fk" FOREIGN KEY ("pallet_receipt_id") REFERENCES "public"."pallet_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opener_location_id_locations_id_fk" FOREIGN KEY ("opener_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_counterparty_location_id_locations_id_fk" FOREIGN KEY ("counterparty_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_events_dispute_idx" ON "dispute_events" USING btree ("dispute_id","id");--> statement-breakpoint
CREATE INDEX "disputes_opener_idx" ON "disputes" USING btree ("opener_location_id","status");--> statement-breakpoint
CREATE INDEX "disputes_counterparty_idx" ON "disputes" USING btree ("counterparty_location_id","status");--> statement-breakpoint
CREATE INDEX "disputes_due_idx" ON "disputes" USING btree ("answer_due") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_order_open_uq" ON "disputes" USING btree ("order_id") WHERE status IN ('open', 'rejected') AND order_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_receipt_open_uq" ON "disputes" USING btree ("pallet_receipt_id") WHERE status IN ('open', 'rejected') AND pallet_receipt_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_idempotency_uq" ON "disputes" USING btree ("opened_by_user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_dispute_idx" ON "ledger_entries" USING btree ("dispute_id") WHERE dispute_id IS NOT NULL;