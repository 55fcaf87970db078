CREATE TABLE "container_order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"container_order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"user_id" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_containers" (
	"rental_id" integer NOT NULL,
	"container_id" integer NOT NULL,
	"assigned_on" date NOT NULL,
	"returned_on" date,
	"return_status" text,
	"return_comment" text,
	"return_photo" "bytea",
	"return_photo_type" text,
	"returned_by_user_id" integer,
	CONSTRAINT "rental_containers_rental_id_container_id_pk" PRIMARY KEY("rental_id","container_id")
);
--> statement-breakpoint
CREATE TABLE "inter_company_accounts" (
	"user_id" integer NOT NULL,
	"link_id" integer NOT NULL,
	CONSTRAINT "inter_company_accounts_user_id_link_id_pk" PRIMARY KEY("user_id","link_id")
);
--> statement-breakpoint
CREATE TABLE "pallet_receipt_lines" (
	"receipt_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"counted" integer,
	CONSTRAINT "pallet_receipt_lines_receipt_id_product_id_pk" PRIMARY KEY("receipt_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "pallet_receipt_signatures" (
	"receipt_id" integer NOT NULL,
	"party" text NOT NULL,
	"name" text NOT NULL,
	"image" "bytea" NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	CONSTRAINT "pallet_receipt_signatures_receipt_id_party_pk" PRIMARY KEY("receipt_id","party")
);
--> statement-breakpoint
ALTER TABLE "rentals" DROP CONSTRAINT "rentals_container_id_containers_id_fk";
--> statement-breakpoint
ALTER TABLE "pallet_receipts" ALTER COLUMN "data" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "pallet_receipt_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "rental_id" integer;--> statement-breakpoint
ALTER TABLE "container_orders" ADD COLUMN "wanted_date" date;--> statement-breakpoint
ALTER TABLE "container_orders" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "container_orders" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "container_orders" ADD COLUMN "ordered_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "container_orders" ADD COLUMN "rental_id" integer;--> statement-breakpoint
ALTER TABLE "container_orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "grai" text;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "home_location_id" integer;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "quantity" integer;--> statement-breakpoint
-- A rental of issue 10's demo held one container (rentals.container_id): it becomes a rental of one
-- container of that container's product, and the container its rental's row (kept while it is out).
UPDATE "rentals" r SET "product_id" = c."product_id", "quantity" = 1 FROM "containers" c WHERE c."id" = r."container_id";--> statement-breakpoint
DELETE FROM "rentals" WHERE "product_id" IS NULL;--> statement-breakpoint
INSERT INTO "rental_containers" ("rental_id", "container_id", "assigned_on", "returned_on", "return_status")
  SELECT "id", "container_id", "start_date", CASE WHEN "status" = 'Closed' THEN COALESCE("end_date", "start_date") END, CASE WHEN "status" = 'Closed' THEN 'OK' END
  FROM "rentals" WHERE "status" <> 'Registered';--> statement-breakpoint
ALTER TABLE "rentals" ALTER COLUMN "product_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ALTER COLUMN "quantity" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "depot_location_id" integer;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "registered_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "opened_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "closed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_list_fees" ADD COLUMN "day_rent" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "receipt_number" text NOT NULL;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "counterparty_location_id" integer;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "external_location_id" integer;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "haulier" text;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "car_number" text;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "handed_over_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "qr_token_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "final_reason" text;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "confirmed_by_name" text;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "objected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "objection" text;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "count_audit_id" integer;--> statement-breakpoint
ALTER TABLE "container_order_history" ADD CONSTRAINT "container_order_history_container_order_id_container_orders_id_fk" FOREIGN KEY ("container_order_id") REFERENCES "public"."container_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_order_history" ADD CONSTRAINT "container_order_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_containers" ADD CONSTRAINT "rental_containers_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_containers" ADD CONSTRAINT "rental_containers_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_containers" ADD CONSTRAINT "rental_containers_returned_by_user_id_users_id_fk" FOREIGN KEY ("returned_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_company_accounts" ADD CONSTRAINT "inter_company_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inter_company_accounts" ADD CONSTRAINT "inter_company_accounts_link_id_inter_company_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."inter_company_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipt_lines" ADD CONSTRAINT "pallet_receipt_lines_receipt_id_pallet_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."pallet_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipt_lines" ADD CONSTRAINT "pallet_receipt_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipt_signatures" ADD CONSTRAINT "pallet_receipt_signatures_receipt_id_pallet_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."pallet_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipt_signatures" ADD CONSTRAINT "pallet_receipt_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_containers_out_uq" ON "rental_containers" USING btree ("container_id") WHERE returned_on IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_pallet_receipt_id_pallet_receipts_id_fk" FOREIGN KEY ("pallet_receipt_id") REFERENCES "public"."pallet_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_orders" ADD CONSTRAINT "container_orders_ordered_by_user_id_users_id_fk" FOREIGN KEY ("ordered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_orders" ADD CONSTRAINT "container_orders_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_home_location_id_locations_id_fk" FOREIGN KEY ("home_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_depot_location_id_locations_id_fk" FOREIGN KEY ("depot_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_registered_by_user_id_users_id_fk" FOREIGN KEY ("registered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD CONSTRAINT "pallet_receipts_counterparty_location_id_locations_id_fk" FOREIGN KEY ("counterparty_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD CONSTRAINT "pallet_receipts_external_location_id_external_locations_id_fk" FOREIGN KEY ("external_location_id") REFERENCES "public"."external_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD CONSTRAINT "pallet_receipts_count_audit_id_count_audits_id_fk" FOREIGN KEY ("count_audit_id") REFERENCES "public"."count_audits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_receipt_idx" ON "ledger_entries" USING btree ("pallet_receipt_id") WHERE pallet_receipt_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_rental_idx" ON "ledger_entries" USING btree ("rental_id") WHERE rental_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "container_orders_location_idx" ON "container_orders" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "rentals_location_idx" ON "rentals" USING btree ("location_id","status");--> statement-breakpoint
CREATE INDEX "pallet_receipts_location_idx" ON "pallet_receipts" USING btree ("location_id","handed_over_at");--> statement-breakpoint
CREATE INDEX "pallet_receipts_counterparty_idx" ON "pallet_receipts" USING btree ("counterparty_location_id","handed_over_at");--> statement-breakpoint
CREATE INDEX "pallet_receipts_due_idx" ON "pallet_receipts" USING btree ("due_date") WHERE status = 'open';--> statement-breakpoint
ALTER TABLE "rentals" DROP COLUMN "container_id";--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_grai_unique" UNIQUE("grai");--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD CONSTRAINT "pallet_receipts_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD CONSTRAINT "pallet_receipts_qr_token_hash_unique" UNIQUE("qr_token_hash");