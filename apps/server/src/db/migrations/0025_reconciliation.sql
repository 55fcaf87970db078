CREATE TABLE "reconciliation_mappings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"saved_by_user_id" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_rows" (
	"reconciliation_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"outcome" text NOT NULL,
	"matched_by" text,
	"differences" text DEFAULT '' NOT NULL,
	"problem" text,
	"file_row" integer,
	"file_date" text,
	"file_reference" text,
	"file_counterparty" text,
	"file_product" text,
	"file_quantity" integer,
	"product_id" integer,
	"location_id" integer,
	"ledger_date" date,
	"ledger_quantity" integer,
	"order_id" bigint,
	"pallet_receipt_id" integer,
	"ledger_entry_id" bigint,
	"counterparty" text,
	CONSTRAINT "reconciliation_rows_reconciliation_id_idx_pk" PRIMARY KEY("reconciliation_id","idx")
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"tolerance_days" integer NOT NULL,
	"location_ids" integer[] NOT NULL,
	"matched" integer NOT NULL,
	"different" integer NOT NULL,
	"file_only" integer NOT NULL,
	"portal_only" integer NOT NULL,
	"match_rate" integer NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
ALTER TABLE "reconciliation_mappings" ADD CONSTRAINT "reconciliation_mappings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_mappings" ADD CONSTRAINT "reconciliation_mappings_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD CONSTRAINT "reconciliation_rows_reconciliation_id_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."reconciliations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD CONSTRAINT "reconciliation_rows_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliations_customer_idx" ON "reconciliations" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliations_idempotency_uq" ON "reconciliations" USING btree ("created_by_user_id","idempotency_key") WHERE idempotency_key IS NOT NULL;