CREATE TABLE "mpesa_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"reference" text,
	"summary" text NOT NULL,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mpesa_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"checkout_request_id" text NOT NULL,
	"merchant_request_id" text NOT NULL,
	"phone" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"result_code" integer,
	"result_desc" text,
	"receipt" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mpesa_pushes_checkout_request_id_unique" UNIQUE("checkout_request_id")
);
--> statement-breakpoint
CREATE TABLE "mpesa_received_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt" text NOT NULL,
	"account_number" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payer_phone" text,
	"payer_name" text,
	"order_id" uuid,
	"status" text NOT NULL,
	"note" text,
	"reversal_conversation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "mpesa_received_payments_receipt_unique" UNIQUE("receipt"),
	CONSTRAINT "mpesa_received_payments_status_known" CHECK ("mpesa_received_payments"."status" in ('matched', 'unmatched', 'resolved', 'reversal_requested', 'reversed')),
	CONSTRAINT "mpesa_received_payments_amount_positive" CHECK ("mpesa_received_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "mpesa_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mpesa_account" text;--> statement-breakpoint
ALTER TABLE "mpesa_events" ADD CONSTRAINT "mpesa_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_pushes" ADD CONSTRAINT "mpesa_pushes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_received_payments" ADD CONSTRAINT "mpesa_received_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mpesa_events_order_idx" ON "mpesa_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "mpesa_pushes_order_idx" ON "mpesa_pushes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "mpesa_received_payments_status_idx" ON "mpesa_received_payments" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_mpesa_account_unique" UNIQUE("mpesa_account");