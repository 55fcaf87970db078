DROP INDEX "email_archive_outbox_idx";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "first_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_archive" ADD COLUMN "send_body" text;--> statement-breakpoint
ALTER TABLE "email_archive" ADD COLUMN "send_html" text;--> statement-breakpoint
ALTER TABLE "email_archive" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "email_archive_outbox_priority_idx" ON "email_archive" USING btree ("priority" DESC NULLS LAST,"id") WHERE status IN ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "new_customer_requests_sent_from_idx" ON "new_customer_requests" USING btree ("sent_from","created_at");--> statement-breakpoint
CREATE INDEX "new_customer_requests_email_idx" ON "new_customer_requests" USING btree (lower("email"),"created_at");--> statement-breakpoint
-- Password links already in the archive (issue 20: the archive never shows a link's token): a mail still to send keeps its text for SMTP in send_body/send_html; the archive's copy loses the token.
UPDATE "email_archive" SET "send_body" = "body", "send_html" = "html" WHERE "topic" IN ('passwordReset', 'welcome') AND "status" IN ('queued', 'sending');--> statement-breakpoint
UPDATE "email_archive" SET "body" = regexp_replace("body", 'token=[A-Za-z0-9_%-]+', 'token=…', 'g'), "html" = regexp_replace("html", 'token=[A-Za-z0-9_%-]+', 'token=…', 'g') WHERE "topic" IN ('passwordReset', 'welcome');--> statement-breakpoint
UPDATE "email_archive" SET "priority" = 1 WHERE "topic" IN ('passwordReset', 'welcome', 'emailChanged') AND "status" IN ('queued', 'sending');
