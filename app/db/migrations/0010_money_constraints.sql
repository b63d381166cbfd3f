ALTER TABLE "orders" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "base_price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "country_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "exchange_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "display_currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "display_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plans" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ebooks" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "ebook_purchases" DROP COLUMN "price_paid";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "subscription_plans" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "user_subscriptions" DROP COLUMN "ebooks_used";--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_price_not_negative" CHECK ("ebooks"."price_cents" is null or "ebooks"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "ebook_purchases" ADD CONSTRAINT "ebook_purchases_price_not_negative" CHECK ("ebook_purchases"."price_paid_cents" is null or "ebook_purchases"."price_paid_cents" >= 0);--> statement-breakpoint
ALTER TABLE "ebook_purchases" ADD CONSTRAINT "ebook_purchases_currency_code" CHECK ("ebook_purchases"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_currency_code" CHECK ("exchange_rates"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate_per_kes" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_positive" CHECK ("orders"."amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_base_price_positive" CHECK ("orders"."base_price_cents" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_display_amount_positive" CHECK ("orders"."display_amount" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_exchange_rate_positive" CHECK ("orders"."exchange_rate" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_currency_code" CHECK ("orders"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_display_currency_code" CHECK ("orders"."display_currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_country_code" CHECK ("orders"."country_code" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency_code" CHECK ("payments"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_country_code" CHECK ("pricing_rules"."country_code" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_currency_code" CHECK ("pricing_rules"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_markup_not_negative" CHECK ("pricing_rules"."markup_percentage" >= 0);--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_discount_range" CHECK ("pricing_rules"."discount_percentage" >= 0 and "pricing_rules"."discount_percentage" < 100);--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_markup_or_discount" CHECK ("pricing_rules"."markup_percentage" = 0 or "pricing_rules"."discount_percentage" = 0);--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_price_not_negative" CHECK ("subscription_plans"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_ebook_limit_positive" CHECK ("subscription_plans"."ebook_limit" is null or "subscription_plans"."ebook_limit" > 0);--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_duration_positive" CHECK ("subscription_plans"."duration_months" > 0);