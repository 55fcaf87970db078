CREATE TABLE "balance_confirmation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"confirmation_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"balance_kind" text NOT NULL,
	"shown_quantity" integer NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_confirmation_lines" ADD CONSTRAINT "balance_confirmation_lines_confirmation_id_balance_confirmations_id_fk" FOREIGN KEY ("confirmation_id") REFERENCES "public"."balance_confirmations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_confirmation_lines" ADD CONSTRAINT "balance_confirmation_lines_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_confirmation_lines" ADD CONSTRAINT "balance_confirmation_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_confirmation_lines_uq" ON "balance_confirmation_lines" USING btree ("confirmation_id","location_id","product_id","balance_kind");