CREATE TABLE "login_delay" (
	"login_name" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Failed sign-in rows are transient (minutes): the old per-name rows are dropped, not converted.
DELETE FROM "login_throttle";--> statement-breakpoint
ALTER TABLE "login_throttle" DROP CONSTRAINT "login_throttle_pkey";--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "address" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD CONSTRAINT "login_throttle_login_name_address_pk" PRIMARY KEY("login_name","address");
