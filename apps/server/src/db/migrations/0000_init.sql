CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"postal_name" text NOT NULL,
	"country_id" text NOT NULL,
	"type" text DEFAULT 'delivery' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_reads" (
	"alert_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_reads_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"location_id" integer,
	"source" text NOT NULL,
	"source_id" bigint,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"must_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"user_id" integer,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint,
	"ticket_id" integer,
	"kind" text DEFAULT 'file' NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"balance_kind" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_location_id_product_id_balance_kind_pk" PRIMARY KEY("location_id","product_id","balance_kind")
);
--> statement-breakpoint
CREATE TABLE "carrier_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"qty_height" integer NOT NULL,
	"tare_weight_grams" integer NOT NULL,
	"length_mm" integer NOT NULL,
	"width_mm" integer NOT NULL,
	"is_container" boolean DEFAULT false NOT NULL,
	CONSTRAINT "carrier_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "container_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"quantity" integer NOT NULL,
	"product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"product_id" integer,
	"location_id" integer,
	"status" text DEFAULT 'OK' NOT NULL,
	CONSTRAINT "containers_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "count_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"count_date" date NOT NULL,
	"counted_quantity" integer NOT NULL,
	"ledger_quantity" integer NOT NULL,
	"inbound" integer DEFAULT 0 NOT NULL,
	"outbound" integer DEFAULT 0 NOT NULL,
	"registered_by_user_id" integer,
	"confirmed_by_user_id" integer,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"zip_code_mask" text NOT NULL,
	"currency" text NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"customer_type" text NOT NULL,
	"country_id" text NOT NULL,
	"org_number" text,
	"customer_id_corporate" integer,
	"is_corporate" boolean DEFAULT false NOT NULL,
	"is_provider" boolean DEFAULT false NOT NULL,
	"agreement_required" boolean DEFAULT false NOT NULL,
	"agreement_standard" boolean DEFAULT false NOT NULL,
	"image" "bytea",
	"image_mime" text,
	"contact_email" text,
	"invoice_email" text,
	"order_confirmed_email" text,
	"purchase_email" text,
	"invoice_reference" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_archive" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"to_address" text NOT NULL,
	"to_customer_id" integer,
	"to_user_id" integer,
	"from_location_id" integer,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"order_id" bigint,
	"status" text DEFAULT 'stored' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "external_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"location_number" text NOT NULL,
	"gln" text,
	"contact_name" text,
	"street" text,
	"postal_code" text,
	"postal_name" text,
	"country_id" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "external_locations_location_number_unique" UNIQUE("location_number")
);
--> statement-breakpoint
CREATE TABLE "inter_company_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"company_country" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"balance_kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"source" text NOT NULL,
	"booking_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_products" (
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"is_pooling" boolean DEFAULT true NOT NULL,
	CONSTRAINT "location_products_location_id_product_id_pk" PRIMARY KEY("location_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"parent_location_id" integer,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"external_id" text,
	"gln" text,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"type_id" text NOT NULL,
	"customer_group" text NOT NULL,
	"pooling_group_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_pooling" boolean DEFAULT false NOT NULL,
	"is_commission" boolean DEFAULT false NOT NULL,
	"is_return_scheme" boolean DEFAULT false NOT NULL,
	"is_dispatch" boolean DEFAULT false NOT NULL,
	"is_container_active" boolean DEFAULT false NOT NULL,
	"is_sorting_depot" boolean DEFAULT false NOT NULL,
	"load_type" text,
	"has_ramp" boolean DEFAULT false NOT NULL,
	"needs_lift" boolean DEFAULT false NOT NULL,
	"delivery_from" time,
	"delivery_to" time,
	"delivery_instructions" text,
	"transport_instructions" text,
	"email_order_confirmation" text,
	"email_purchase" text,
	"email_return" text,
	"reception_days" smallint DEFAULT 5 NOT NULL,
	"return_days" smallint DEFAULT 5 NOT NULL,
	"auto_commit" boolean DEFAULT false NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"postal_name" text NOT NULL,
	"country_id" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"login_name" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"area" text,
	"path" text,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"task_id" text,
	"must_read" boolean DEFAULT false NOT NULL,
	"show_from" date,
	"show_to" date,
	"language" text,
	"location_type" text,
	"visibility" text DEFAULT 'all' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_customer_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"quantity_ordered" integer NOT NULL,
	"quantity_picked" integer,
	"quantity_delivered" integer,
	"shall_return" boolean
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"from_status_id" smallint,
	"to_status_id" smallint NOT NULL,
	"user_id" integer,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_type_id" smallint NOT NULL,
	"transaction_status_id" smallint NOT NULL,
	"location_id_from" integer NOT NULL,
	"location_id_to" integer,
	"external_location_id_to" integer,
	"customer_group_from" text NOT NULL,
	"customer_group_to" text,
	"date_pickup" date,
	"date_send" date NOT NULL,
	"date_receive" date,
	"reference_own" text,
	"reference_sender" text,
	"reference_receiver" text,
	"reference_transport" text,
	"currency" text,
	"price" bigint,
	"amount" bigint,
	"freight" bigint,
	"transport_fee" bigint,
	"car_number" text,
	"trailer" text,
	"car_type" text,
	"fuel" text,
	"cartman" text,
	"transporter" text,
	"sealing" text,
	"truck_type_id" integer,
	"customs_handler" text,
	"customs_status" text,
	"load_text" text,
	"info_text" text,
	"transport_text" text,
	"temp_address_name" text,
	"temp_address_street" text,
	"temp_address_postal_code" text,
	"temp_address_postal_name" text,
	"temp_address_country_id" text,
	"auto_commit" boolean DEFAULT false NOT NULL,
	"reception_days" smallint,
	"return_days" smallint,
	"is_receiver_registered" boolean DEFAULT true NOT NULL,
	"replaced_by_order_id" bigint,
	"scheduled_order_id" integer,
	"scheduled_date" date,
	"idempotency_key" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"quantity_total" integer DEFAULT 0 NOT NULL,
	"weight_grams" bigint DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pallet_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"inventory" boolean DEFAULT false NOT NULL,
	"data" jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postal_places" (
	"country_id" text NOT NULL,
	"postal_code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "postal_places_country_id_postal_code_pk" PRIMARY KEY("country_id","postal_code")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_type_id" integer NOT NULL,
	"quality_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"price_currency" text DEFAULT 'NOK' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_closures" (
	"country_id" text NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "provider_closures_country_id_day_pk" PRIMARY KEY("country_id","day")
);
--> statement-breakpoint
CREATE TABLE "qualities" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "qualities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "rentals" (
	"id" serial PRIMARY KEY NOT NULL,
	"container_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status" text DEFAULT 'Registered' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "scheduled_order_lines" (
	"scheduled_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "scheduled_order_lines_scheduled_order_id_product_id_pk" PRIMARY KEY("scheduled_order_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_type_id" smallint NOT NULL,
	"location_id_from" integer NOT NULL,
	"location_id_to" integer NOT NULL,
	"interval_weeks" smallint NOT NULL,
	"monday" boolean DEFAULT false NOT NULL,
	"tuesday" boolean DEFAULT false NOT NULL,
	"wednesday" boolean DEFAULT false NOT NULL,
	"thursday" boolean DEFAULT false NOT NULL,
	"friday" boolean DEFAULT false NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_date" date,
	"truck_type_id" integer,
	"reference_own" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"login_user_id" integer NOT NULL,
	"acting_user_id" integer NOT NULL,
	"acting_customer_id" integer NOT NULL,
	"acting_location_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "support_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_ticket_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"location_id" integer,
	"order_id" bigint,
	"user_id" integer NOT NULL,
	"topic" text NOT NULL,
	"category" text,
	"description" text NOT NULL,
	"priority" text DEFAULT 'Normal' NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"product" text,
	"internal_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "treatments_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "truck_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"qty_height" integer NOT NULL,
	"qty_height2" integer DEFAULT 0 NOT NULL,
	"tpu_count" integer NOT NULL,
	"tpu_count2" integer DEFAULT 0 NOT NULL,
	"fuel" text DEFAULT 'diesel' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_locations" (
	"user_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_locations_user_id_location_id_pk" PRIMARY KEY("user_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_tasks" (
	"user_id" integer NOT NULL,
	"task" text NOT NULL,
	CONSTRAINT "user_tasks_user_id_task_pk" PRIMARY KEY("user_id","task")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"location_id" integer,
	"name" text NOT NULL,
	"login_name" text NOT NULL,
	"phone" text,
	"email" text,
	"language" text DEFAULT 'nb-NO' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_global_admin" boolean DEFAULT false NOT NULL,
	"is_customer_admin" boolean DEFAULT false NOT NULL,
	"is_return_scheme" boolean DEFAULT false NOT NULL,
	"is_support" boolean DEFAULT false NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"report_level" smallint DEFAULT 0 NOT NULL,
	"finance_report" boolean DEFAULT false NOT NULL,
	"standard_draft" boolean DEFAULT false NOT NULL,
	"notify_auto_commit" boolean DEFAULT false NOT NULL,
	"notify_deviation" boolean DEFAULT false NOT NULL,
	"notify_disagree" boolean DEFAULT false NOT NULL,
	"notify_high_volume" boolean DEFAULT false NOT NULL,
	"notify_new_customer" boolean DEFAULT false NOT NULL,
	"notify_stock_level" boolean DEFAULT false NOT NULL,
	"password_hash" text NOT NULL,
	"last_login_at" timestamp with time zone,
	"confirmed_gdpr" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_orders" ADD CONSTRAINT "container_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "container_orders" ADD CONSTRAINT "container_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_audits" ADD CONSTRAINT "count_audits_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_audits" ADD CONSTRAINT "count_audits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_audits" ADD CONSTRAINT "count_audits_registered_by_user_id_users_id_fk" FOREIGN KEY ("registered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_audits" ADD CONSTRAINT "count_audits_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_archive" ADD CONSTRAINT "email_archive_to_customer_id_customers_id_fk" FOREIGN KEY ("to_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_archive" ADD CONSTRAINT "email_archive_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_archive" ADD CONSTRAINT "email_archive_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_locations" ADD CONSTRAINT "external_locations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_locations" ADD CONSTRAINT "external_locations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_products" ADD CONSTRAINT "location_products_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_products" ADD CONSTRAINT "location_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comments" ADD CONSTRAINT "order_comments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comments" ADD CONSTRAINT "order_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_from_locations_id_fk" FOREIGN KEY ("location_id_from") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_to_locations_id_fk" FOREIGN KEY ("location_id_to") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_external_location_id_to_external_locations_id_fk" FOREIGN KEY ("external_location_id_to") REFERENCES "public"."external_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_truck_type_id_truck_types_id_fk" FOREIGN KEY ("truck_type_id") REFERENCES "public"."truck_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_scheduled_order_id_scheduled_orders_id_fk" FOREIGN KEY ("scheduled_order_id") REFERENCES "public"."scheduled_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD CONSTRAINT "pallet_receipts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD CONSTRAINT "pallet_receipts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postal_places" ADD CONSTRAINT "postal_places_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_carrier_type_id_carrier_types_id_fk" FOREIGN KEY ("carrier_type_id") REFERENCES "public"."carrier_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_quality_id_qualities_id_fk" FOREIGN KEY ("quality_id") REFERENCES "public"."qualities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_closures" ADD CONSTRAINT "provider_closures_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_order_lines" ADD CONSTRAINT "scheduled_order_lines_scheduled_order_id_scheduled_orders_id_fk" FOREIGN KEY ("scheduled_order_id") REFERENCES "public"."scheduled_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_order_lines" ADD CONSTRAINT "scheduled_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_orders" ADD CONSTRAINT "scheduled_orders_location_id_from_locations_id_fk" FOREIGN KEY ("location_id_from") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_orders" ADD CONSTRAINT "scheduled_orders_location_id_to_locations_id_fk" FOREIGN KEY ("location_id_to") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_orders" ADD CONSTRAINT "scheduled_orders_truck_type_id_truck_types_id_fk" FOREIGN KEY ("truck_type_id") REFERENCES "public"."truck_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_orders" ADD CONSTRAINT "scheduled_orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_login_user_id_users_id_fk" FOREIGN KEY ("login_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_user_id_users_id_fk" FOREIGN KEY ("acting_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_customer_id_customers_id_fk" FOREIGN KEY ("acting_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_location_id_locations_id_fk" FOREIGN KEY ("acting_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_comments" ADD CONSTRAINT "support_ticket_comments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_comments" ADD CONSTRAINT "support_ticket_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tasks" ADD CONSTRAINT "user_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_location_idx" ON "addresses" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alerts_location_idx" ON "alerts" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "attachments_order_idx" ON "attachments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "customers_corporate_idx" ON "customers" USING btree ("customer_id_corporate");--> statement-breakpoint
CREATE INDEX "ledger_location_idx" ON "ledger_entries" USING btree ("location_id","product_id","booking_date");--> statement-breakpoint
CREATE INDEX "ledger_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "locations_customer_idx" ON "locations" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_number_uq" ON "locations" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_gln_uq" ON "locations" USING btree ("gln");--> statement-breakpoint
CREATE INDEX "order_comments_order_idx" ON "order_comments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_product_uq" ON "order_lines" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_from_send_idx" ON "orders" USING btree ("location_id_from","date_send" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_to_send_idx" ON "orders" USING btree ("location_id_to","date_send" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("transaction_status_id","location_id_to");--> statement-breakpoint
CREATE INDEX "orders_send_idx" ON "orders" USING btree ("date_send" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("created_by_user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_schedule_uq" ON "orders" USING btree ("scheduled_order_id","scheduled_date");--> statement-breakpoint
CREATE UNIQUE INDEX "products_kind_uq" ON "products" USING btree ("carrier_type_id","quality_id","treatment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_name_uq" ON "users" USING btree (lower("login_name"));--> statement-breakpoint
CREATE INDEX "users_customer_idx" ON "users" USING btree ("customer_id");