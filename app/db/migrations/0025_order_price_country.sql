ALTER TABLE "orders" ADD COLUMN "country_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "picked_country_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_country_source_known" CHECK ("orders"."country_source" in ('cdn', 'ip', 'default'));