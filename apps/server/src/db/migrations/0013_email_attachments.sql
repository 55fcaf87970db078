CREATE TABLE "email_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_email_id_email_archive_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_archive"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_attachments_email_idx" ON "email_attachments" USING btree ("email_id");