CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_counters_last_number_nonnegative" CHECK ("receipt_counters"."last_number" >= 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "kra_pin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_seller_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_seller_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_seller_pin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_buyer_pin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_vat_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receipt_vat_in_range" CHECK ("orders"."receipt_vat_cents" >= 0 and "orders"."receipt_vat_cents" < "orders"."amount_cents");--> statement-breakpoint
-- Orders paid before receipts were numbered get numbers in the order they were completed, per Nairobi year, so
-- every receipt already shown has one and the counters carry on after them. Their seller details and VAT stay
-- empty: nothing was recorded at the time (VAT was off, the shop not yet registered).
WITH numbered AS (
	SELECT "id",
		extract(year FROM "completed_at" AT TIME ZONE 'Africa/Nairobi')::integer AS "year",
		row_number() OVER (
			PARTITION BY extract(year FROM "completed_at" AT TIME ZONE 'Africa/Nairobi')
			ORDER BY "completed_at", "id"
		) AS "n"
	FROM "orders"
	WHERE "completed_at" IS NOT NULL AND "receipt_number" IS NULL
)
UPDATE "orders" SET "receipt_number" = 'NURU-' || numbered."year" || '-' || lpad(numbered."n"::text, 6, '0')
FROM numbered WHERE "orders"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "receipt_counters" ("year", "last_number")
SELECT substring("receipt_number" from 6 for 4)::integer, max(substring("receipt_number" from 11)::integer)
FROM "orders" WHERE "receipt_number" LIKE 'NURU-____-%' GROUP BY 1
ON CONFLICT ("year") DO UPDATE SET "last_number" = greatest("receipt_counters"."last_number", excluded."last_number");
