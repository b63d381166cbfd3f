ALTER TABLE "pricing_rules" ALTER COLUMN "markup_percentage" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "pricing_rules" ALTER COLUMN "discount_percentage" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "user_subscriptions" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "price_cents" bigint;--> statement-breakpoint
ALTER TABLE "ebook_purchases" ADD COLUMN "price_paid_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "base_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pricing_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "markup_percentage" numeric(7, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_percentage" numeric(7, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_rate" numeric(18, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "display_currency" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "display_amount" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "price_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pricing_rule_id_pricing_rules_id_fk" FOREIGN KEY ("pricing_rule_id") REFERENCES "public"."pricing_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_one_active_uq" ON "user_subscriptions" USING btree ("user_id") WHERE status = 'active';--> statement-breakpoint
ALTER TABLE "ebook_purchases" ADD CONSTRAINT "ebook_purchases_order_id_unique" UNIQUE("order_id");--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_order_id_unique" UNIQUE("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_item_matches_kind" CHECK (("orders"."kind" = 'plan' and "orders"."plan_id" is not null and "orders"."ebook_id" is null) or ("orders"."kind" = 'ebook' and "orders"."ebook_id" is not null and "orders"."plan_id" is null));--> statement-breakpoint
-- Hand-written (ADR 008): drizzle-kit cannot express a data copy. Amounts move from numeric read as floats to
-- integer cents, exactly (numeric arithmetic in SQL), before 0010 drops the old columns and adds the checks.
UPDATE "subscription_plans" SET "price_cents" = round("price" * 100);--> statement-breakpoint
UPDATE "ebooks" SET "price_cents" = round("price" * 100) WHERE "price" IS NOT NULL;--> statement-breakpoint
-- Orders made before prices had a regional breakdown were KES orders at the base price.
UPDATE "orders" SET "amount_cents" = round("amount" * 100), "base_price_cents" = round("amount" * 100),
  "country_code" = coalesce("country_code", 'KE'), "exchange_rate" = 1, "display_currency" = "currency",
  "display_amount" = round("amount" * 100);--> statement-breakpoint
UPDATE "payments" SET "amount_cents" = round("amount" * 100);--> statement-breakpoint
UPDATE "ebook_purchases" SET "price_paid_cents" = round("price_paid" * 100) WHERE "price_paid" IS NOT NULL;--> statement-breakpoint
-- 0 used to mean "unlimited" beside null; null is now the only spelling, and 0010 checks a limit is > 0.
UPDATE "subscription_plans" SET "ebook_limit" = NULL WHERE "ebook_limit" = 0;
