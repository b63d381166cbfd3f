ALTER TYPE "public"."order_status" ADD VALUE 'abandoned';--> statement-breakpoint
ALTER TYPE "public"."subscription_status" ADD VALUE 'scheduled';--> statement-breakpoint
CREATE TABLE "subscription_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_notices_uq" UNIQUE("subscription_id","kind"),
	CONSTRAINT "subscription_notices_kind" CHECK ("subscription_notices"."kind" in ('reminder_7d', 'reminder_1d', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_job_runs" (
	"job" text NOT NULL,
	"tick" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "scheduled_job_runs_job_tick_pk" PRIMARY KEY("job","tick")
);
--> statement-breakpoint
DROP INDEX "user_subscriptions_one_active_uq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_status_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_notices" ADD CONSTRAINT "subscription_notices_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: until now 'cancelled' meant "replaced by a later period that covers it"; from here on it means
-- "renewal cancelled, runs until its end date", so those rows become expired before the index counts them.
UPDATE "user_subscriptions" SET "status" = 'expired', "updated_at" = now() WHERE "status" = 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_one_current_uq" ON "user_subscriptions" USING btree ("user_id") WHERE status in ('active', 'cancelled');