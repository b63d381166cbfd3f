ALTER TABLE "orders" ADD COLUMN "upgrade_from_subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upgrade_credit_cents" bigint;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "upgraded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "end_date_before_upgrade" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "switch_to_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "switch_scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "switched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "switch_paused_card_renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_upgrade_from_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("upgrade_from_subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_switch_to_plan_id_subscription_plans_id_fk" FOREIGN KEY ("switch_to_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_upgrade_credit_with_subscription" CHECK (("orders"."upgrade_from_subscription_id" is null or "orders"."upgrade_credit_cents" is not null) and ("orders"."upgrade_credit_cents" is null or ("orders"."kind" = 'plan' and "orders"."upgrade_credit_cents" >= 0)));