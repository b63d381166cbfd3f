CREATE TABLE "admin_alert_items" (
	"kind" text NOT NULL,
	"item_key" text NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_alert_items_kind_item_key_pk" PRIMARY KEY("kind","item_key")
);
--> statement-breakpoint
CREATE TABLE "admin_alert_sends" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_failure_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_renewal_events" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_renewal_events" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "card_renewal_events" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "card_renewal_events" ADD CONSTRAINT "card_renewal_events_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;