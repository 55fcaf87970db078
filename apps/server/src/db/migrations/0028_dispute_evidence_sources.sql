ALTER TABLE "disputes" ADD COLUMN "rental_id" integer;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "dispute_id" integer;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_rental_open_uq" ON "disputes" USING btree ("rental_id") WHERE status IN ('open', 'rejected') AND rental_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_entry_open_uq" ON "disputes" USING btree ("ledger_entry_id") WHERE status IN ('open', 'rejected') AND ledger_entry_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "attachments_dispute_idx" ON "attachments" USING btree ("dispute_id") WHERE dispute_id IS NOT NULL;