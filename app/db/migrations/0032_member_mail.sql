CREATE TABLE "mail_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"action" text NOT NULL,
	"wording" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"send_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_deliveries_attempts_positive" CHECK ("mail_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mail_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"article_id" uuid,
	"audience" text NOT NULL,
	"subject" text NOT NULL,
	"week" text,
	"total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"frequency" text DEFAULT 'each' NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dev_mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_consents" ADD CONSTRAINT "mail_consents_subscriber_id_mail_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."mail_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD CONSTRAINT "mail_deliveries_send_id_mail_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."mail_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD CONSTRAINT "mail_deliveries_subscriber_id_mail_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."mail_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_subscribers" ADD CONSTRAINT "mail_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_consents_subscriber_idx" ON "mail_consents" USING btree ("subscriber_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_deliveries_send_subscriber_idx" ON "mail_deliveries" USING btree ("send_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "mail_deliveries_due_idx" ON "mail_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_deliveries_sent_idx" ON "mail_deliveries" USING btree ("sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_sends_article_idx" ON "mail_sends" USING btree ("article_id") WHERE "mail_sends"."kind" = 'article';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_sends_week_idx" ON "mail_sends" USING btree ("week") WHERE "mail_sends"."kind" = 'digest';--> statement-breakpoint
CREATE INDEX "mail_sends_created_idx" ON "mail_sends" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_subscribers_email_idx" ON "mail_subscribers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "mail_subscribers_user_idx" ON "mail_subscribers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_subscribers_status_idx" ON "mail_subscribers" USING btree ("status","frequency");