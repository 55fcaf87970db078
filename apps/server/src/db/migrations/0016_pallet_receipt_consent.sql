CREATE TABLE "pallet_receipt_dispute_lines" (
	"dispute_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"delivered" integer NOT NULL,
	"returned" integer NOT NULL,
	"was_delivered" integer NOT NULL,
	"was_returned" integer NOT NULL,
	CONSTRAINT "pallet_receipt_dispute_lines_dispute_id_product_id_pk" PRIMARY KEY("dispute_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "pallet_receipt_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"side" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"raised_by_user_id" integer NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"idempotency_key" text
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "pallet_receipt_dispute_id" integer;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "needs_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "approval_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "approved_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "location_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "answer_token_hash" text;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "confirmed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "pallet_receipt_dispute_lines" ADD CONSTRAINT "pallet_receipt_dispute_lines_dispute_id_pallet_receipt_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."pallet_receipt_disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipt_dispute_lines" ADD CONSTRAINT "pallet_receipt_dispute_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipt_disputes" ADD CONSTRAINT "pallet_receipt_disputes_receipt_id_pallet_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."pallet_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipt_disputes" ADD CONSTRAINT "pallet_receipt_disputes_raised_by_user_id_users_id_fk" FOREIGN KEY ("raised_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipt_disputes" ADD CONSTRAINT "pallet_receipt_disputes_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pallet_receipt_disputes_receipt_idx" ON "pallet_receipt_disputes" USING btree ("receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pallet_receipt_disputes_open_uq" ON "pallet_receipt_disputes" USING btree ("receipt_id") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "pallet_receipt_disputes_idempotency_uq" ON "pallet_receipt_disputes" USING btree ("raised_by_user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_pallet_receipt_dispute_id_pallet_receipt_disputes_id_fk" FOREIGN KEY ("pallet_receipt_dispute_id") REFERENCES "public"."pallet_receipt_disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD CONSTRAINT "pallet_receipts_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD CONSTRAINT "pallet_receipts_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pallet_receipts_idempotency_uq" ON "pallet_receipts" USING btree ("created_by_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "pallet_receipts_notice_idx" ON "pallet_receipts" USING btree ("id") WHERE NOT inventory AND (location_mailed_at IS NULL OR (told_at IS NULL AND status IN ('open', 'final', 'disputed')));--> statement-breakpoint
ALTER TABLE "pallet_receipts" ADD CONSTRAINT "pallet_receipts_answer_token_hash_unique" UNIQUE("answer_token_hash");--> statement-breakpoint
-- Receipts written before issue 20 were mailed and told at saving, in their own transaction.
UPDATE "pallet_receipts" SET "location_mailed_at" = "created_at", "told_at" = "created_at" WHERE NOT "inventory";
