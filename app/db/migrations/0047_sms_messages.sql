CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text DEFAULT 'receipt' NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"link_token" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"provider_status_code" integer,
	"provider_status" text,
	"last_error" text,
	"provider_message_id" text,
	"cost" text,
	"delivery_status" text,
	"delivery_failure_reason" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_to_digits" CHECK ("sms_messages"."to" ~ '^[0-9]{9,15}$'),
	CONSTRAINT "sms_messages_body_length" CHECK (char_length("sms_messages"."body") <= 160)
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_order_kind_idx" ON "sms_messages" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_link_token_idx" ON "sms_messages" USING btree ("link_token");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_id_idx" ON "sms_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "sms_messages_due_idx" ON "sms_messages" USING btree ("status","next_attempt_at");