CREATE TABLE "balance_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"recipients" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"comment" text,
	"reminders" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "confirmation_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"as_of" date NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_confirmations" ADD CONSTRAINT "balance_confirmations_round_id_confirmation_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."confirmation_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_confirmations" ADD CONSTRAINT "balance_confirmations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_rounds" ADD CONSTRAINT "confirmation_rounds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_confirmations_round_customer_uq" ON "balance_confirmations" USING btree ("round_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_confirmations_token_uq" ON "balance_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "balance_confirmations_customer_idx" ON "balance_confirmations" USING btree ("customer_id");