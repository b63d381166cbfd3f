CREATE TYPE "public"."card_renewal_status" AS ENUM('pending', 'active', 'cancelled', 'ended');--> statement-breakpoint
CREATE TABLE "card_renewal_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_renewal_id" uuid,
	"account_number" text NOT NULL,
	"from_status" "card_renewal_status",
	"to_status" "card_renewal_status",
	"order_id" uuid,
	"gateway_tracking_id" text,
	"source" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_renewals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"first_order_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"status" "card_renewal_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"frequency" text,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_renewals_first_order_id_unique" UNIQUE("first_order_id"),
	CONSTRAINT "card_renewals_account_number_unique" UNIQUE("account_number"),
	CONSTRAINT "card_renewals_amount_positive" CHECK ("card_renewals"."amount_cents" > 0),
	CONSTRAINT "card_renewals_currency_code" CHECK ("card_renewals"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "card_renewals_account_number" CHECK ("card_renewals"."account_number" ~ '^[A-Za-z0-9-]{1,50}$')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_renewal_id" uuid;--> statement-breakpoint
ALTER TABLE "card_renewal_events" ADD CONSTRAINT "card_renewal_events_card_renewal_id_card_renewals_id_fk" FOREIGN KEY ("card_renewal_id") REFERENCES "public"."card_renewals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_renewal_events" ADD CONSTRAINT "card_renewal_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_renewals" ADD CONSTRAINT "card_renewals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_renewals" ADD CONSTRAINT "card_renewals_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_renewals" ADD CONSTRAINT "card_renewals_first_order_id_orders_id_fk" FOREIGN KEY ("first_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_renewal_events_renewal_idx" ON "card_renewal_events" USING btree ("card_renewal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_renewal_events_unknown_charge_uq" ON "card_renewal_events" USING btree ("gateway_tracking_id") WHERE card_renewal_id is null;--> statement-breakpoint
CREATE INDEX "card_renewals_user_idx" ON "card_renewals" USING btree ("user_id","status");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_card_renewal_id_card_renewals_id_fk" FOREIGN KEY ("card_renewal_id") REFERENCES "public"."card_renewals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_card_renewal_idx" ON "orders" USING btree ("card_renewal_id");