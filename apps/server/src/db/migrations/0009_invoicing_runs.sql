CREATE TABLE "invoicing_runs" (
	"customer_id" integer NOT NULL,
	"period" date NOT NULL,
	"done_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"retry_after" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "invoicing_runs_customer_id_period_pk" PRIMARY KEY("customer_id","period")
);
--> statement-breakpoint
ALTER TABLE "invoicing_runs" ADD CONSTRAINT "invoicing_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;