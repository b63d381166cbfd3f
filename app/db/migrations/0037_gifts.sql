CREATE TYPE "public"."gift_status" AS ENUM('awaiting_payment', 'paid', 'unclaimed', 'claimed', 'revoked');--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_phone" text,
	"note" text,
	"deliver_on" date,
	"status" "gift_status" DEFAULT 'awaiting_payment' NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"send_count" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "gifts_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "gifts_note_length" CHECK ("gifts"."note" is null or char_length("gifts"."note") <= 500),
	CONSTRAINT "gifts_claimed_has_recipient" CHECK ("gifts"."status" <> 'claimed' or "gifts"."claimed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_due_idx" ON "gifts" USING btree ("status","deliver_on");