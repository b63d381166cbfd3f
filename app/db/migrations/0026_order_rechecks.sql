ALTER TABLE "orders" ADD COLUMN "gateway_cancelled_at" timestamp with time zone;--> statement-breakpoint
-- Orders that left pending keep the count of their pending checks: their re-checks (ADR 027) start from the first gap.
UPDATE "orders" SET "status_checks" = 0, "next_status_check_at" = NULL WHERE "status" <> 'pending';
