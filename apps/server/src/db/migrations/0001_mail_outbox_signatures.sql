ALTER TABLE "attachments" ADD COLUMN "signer_name" text;--> statement-breakpoint
ALTER TABLE "email_archive" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "email_archive" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_archive" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "email_archive" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_archive_customer_idx" ON "email_archive" USING btree ("to_customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_archive_outbox_idx" ON "email_archive" USING btree ("id") WHERE status IN ('queued', 'sending');