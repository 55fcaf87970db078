CREATE TABLE "count_audit_lines" (
	"audit_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"counted_quantity" integer NOT NULL,
	"balance" integer NOT NULL,
	"inbound" integer DEFAULT 0 NOT NULL,
	"outbound" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "count_audit_lines_audit_id_product_id_pk" PRIMARY KEY("audit_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"lower_level" integer,
	"upper_level" integer,
	"state" text DEFAULT 'within' NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_location_id_product_id_pk" PRIMARY KEY("location_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer,
	"carrier_type_id" integer,
	"location_id" integer,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_line_no_pk" PRIMARY KEY("invoice_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"country_id" text PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"invoice_type" text NOT NULL,
	"period" date NOT NULL,
	"country_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text NOT NULL,
	"amount_excl_vat" bigint NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"vat_amount" bigint NOT NULL,
	"amount_incl_vat" bigint NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_list_fees" (
	"price_list_id" integer NOT NULL,
	"carrier_type_id" integer NOT NULL,
	"receiver_fee" bigint NOT NULL,
	"trip_fee" bigint NOT NULL,
	"day_hire" bigint NOT NULL,
	"free_days" smallint DEFAULT 0 NOT NULL,
	"replacement_value" bigint NOT NULL,
	CONSTRAINT "price_list_fees_price_list_id_carrier_type_id_pk" PRIMARY KEY("price_list_id","carrier_type_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_products" (
	"price_list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sell_price" bigint NOT NULL,
	"buy_price" bigint NOT NULL,
	CONSTRAINT "price_list_products_price_list_id_product_id_pk" PRIMARY KEY("price_list_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" text NOT NULL,
	"currency" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"name" text NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "count_audits" DROP CONSTRAINT "count_audits_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "count_audits" DROP CONSTRAINT "count_audits_confirmed_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "count_audits" ALTER COLUMN "registered_by_user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "count_audits" ADD COLUMN "status" text DEFAULT 'registered' NOT NULL;--> statement-breakpoint
ALTER TABLE "count_audits" ADD COLUMN "registered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "count_audits" ADD COLUMN "decided_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "count_audits" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "count_audits" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "count_audit_id" integer;--> statement-breakpoint
ALTER TABLE "count_audit_lines" ADD CONSTRAINT "count_audit_lines_audit_id_count_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."count_audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_audit_lines" ADD CONSTRAINT "count_audit_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_carrier_type_id_carrier_types_id_fk" FOREIGN KEY ("carrier_type_id") REFERENCES "public"."carrier_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_series" ADD CONSTRAINT "invoice_series_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_fees" ADD CONSTRAINT "price_list_fees_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_fees" ADD CONSTRAINT "price_list_fees_carrier_type_id_carrier_types_id_fk" FOREIGN KEY ("carrier_type_id") REFERENCES "public"."carrier_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_products" ADD CONSTRAINT "price_list_products_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_products" ADD CONSTRAINT "price_list_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_period_uq" ON "invoices" USING btree ("customer_id","invoice_type","period");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("country_id","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_customer_date_idx" ON "invoices" USING btree ("customer_id","invoice_type","invoice_date");--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_country_from_uq" ON "price_lists" USING btree ("country_id","valid_from");--> statement-breakpoint
ALTER TABLE "count_audits" ADD CONSTRAINT "count_audits_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_count_audit_id_count_audits_id_fk" FOREIGN KEY ("count_audit_id") REFERENCES "public"."count_audits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "count_audits_location_idx" ON "count_audits" USING btree ("location_id","count_date");--> statement-breakpoint
CREATE INDEX "count_audits_status_idx" ON "count_audits" USING btree ("status","location_id");--> statement-breakpoint
ALTER TABLE "count_audits" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "count_audits" DROP COLUMN "counted_quantity";--> statement-breakpoint
ALTER TABLE "count_audits" DROP COLUMN "ledger_quantity";--> statement-breakpoint
ALTER TABLE "count_audits" DROP COLUMN "inbound";--> statement-breakpoint
ALTER TABLE "count_audits" DROP COLUMN "outbound";--> statement-breakpoint
ALTER TABLE "count_audits" DROP COLUMN "confirmed_by_user_id";--> statement-breakpoint
ALTER TABLE "count_audits" DROP COLUMN "confirmed_at";--> statement-breakpoint
ALTER TABLE "count_audits" DROP COLUMN "created_at";