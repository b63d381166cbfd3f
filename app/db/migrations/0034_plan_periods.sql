ALTER TABLE "subscription_plans" RENAME COLUMN "duration_months" TO "period_count";--> statement-breakpoint
ALTER TABLE "subscription_plans" DROP CONSTRAINT "subscription_plans_duration_positive";--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "period_unit" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_period_unit_known" CHECK ("subscription_plans"."period_unit" in ('day', 'week', 'month'));--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_period_count_positive" CHECK ("subscription_plans"."period_count" > 0);