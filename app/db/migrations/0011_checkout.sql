ALTER TYPE "public"."order_status" ADD VALUE 'review';--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "is_trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_one_trial_uq" ON "user_subscriptions" USING btree ("user_id") WHERE is_trial;