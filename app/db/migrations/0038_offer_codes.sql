CREATE TABLE "offer_code_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "offer_code_redemptions_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "offer_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"percent_off" numeric(5, 2),
	"amount_off_cents" bigint,
	"applies_to" text DEFAULT 'all' NOT NULL,
	"plan_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ebook_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"total_limit" integer,
	"per_reader_limit" integer,
	"redeemed_count" integer DEFAULT 0 NOT NULL,
	"first_period_only" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_retention_offer" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "offer_codes_code_shape" CHECK ("offer_codes"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "offer_codes_kind" CHECK (("offer_codes"."kind" = 'percent' and "offer_codes"."percent_off" > 0 and "offer_codes"."percent_off" <= 100 and "offer_codes"."amount_off_cents" is null) or ("offer_codes"."kind" = 'fixed' and "offer_codes"."amount_off_cents" > 0 and "offer_codes"."percent_off" is null)),
	CONSTRAINT "offer_codes_applies_to" CHECK ("offer_codes"."applies_to" in ('all', 'plans', 'ebooks')),
	CONSTRAINT "offer_codes_window" CHECK ("offer_codes"."ends_at" is null or "offer_codes"."ends_at" > "offer_codes"."starts_at"),
	CONSTRAINT "offer_codes_total_limit_positive" CHECK ("offer_codes"."total_limit" is null or "offer_codes"."total_limit" > 0),
	CONSTRAINT "offer_codes_per_reader_limit_positive" CHECK ("offer_codes"."per_reader_limit" is null or "offer_codes"."per_reader_limit" > 0),
	CONSTRAINT "offer_codes_within_limit" CHECK ("offer_codes"."redeemed_count" >= 0 and ("offer_codes"."total_limit" is null or "offer_codes"."redeemed_count" <= "offer_codes"."total_limit"))
);
--> statement-breakpoint
CREATE TABLE "retention_offers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code_id" uuid NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amount_positive";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_display_amount_positive";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_receipt_vat_in_range";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_before_code_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_discount_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "zero_amount_reason" text;--> statement-breakpoint
ALTER TABLE "offer_code_redemptions" ADD CONSTRAINT "offer_code_redemptions_code_id_offer_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."offer_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_code_redemptions" ADD CONSTRAINT "offer_code_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_code_redemptions" ADD CONSTRAINT "offer_code_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_offers" ADD CONSTRAINT "retention_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_offers" ADD CONSTRAINT "retention_offers_code_id_offer_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."offer_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_code_redemptions_code_user_idx" ON "offer_code_redemptions" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_codes_one_retention_offer_uq" ON "offer_codes" USING btree ("is_retention_offer") WHERE is_retention_offer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_zero_reason_only_zero" CHECK ("orders"."zero_amount_reason" is null or "orders"."amount_cents" = 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_code_adds_up" CHECK (("orders"."offer_code" is null and "orders"."price_before_code_cents" is null and "orders"."code_discount_cents" is null) or ("orders"."offer_code" is not null and "orders"."code_discount_cents" > 0 and "orders"."price_before_code_cents" = "orders"."amount_cents" + "orders"."code_discount_cents"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_positive" CHECK ("orders"."amount_cents" > 0 or ("orders"."amount_cents" = 0 and "orders"."zero_amount_reason" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_display_amount_positive" CHECK ("orders"."display_amount" > 0 or ("orders"."amount_cents" = 0 and "orders"."display_amount" = 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receipt_vat_in_range" CHECK ("orders"."receipt_vat_cents" >= 0 and ("orders"."receipt_vat_cents" < "orders"."amount_cents" or "orders"."receipt_vat_cents" = 0));