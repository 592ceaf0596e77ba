ALTER TABLE "orders" ADD COLUMN "table_tent" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_table_tent_check" CHECK ("orders"."table_tent" between 1 and 999);