-- Stored profiles record the merchant id the gateway stored the card under (issue 16): only that merchant may
-- charge or change the card. Rows stored before take the restaurant's merchant account's id, the only one that
-- could have stored them unless the account has changed since; a row whose restaurant has no account stays
-- null (treated as another merchant's). The table is walled with FORCE ROW LEVEL SECURITY: the backfill acts
-- across tenants (for this migration's transaction; Brigade's sessions see all tenants by default anyway).
ALTER TABLE "payment_profiles" ADD COLUMN "merchid" text;--> statement-breakpoint
SELECT set_config('brigade.all_tenants', 'on', true);--> statement-breakpoint
UPDATE "payment_profiles" AS p SET "merchid" = m."merchid"
FROM "merchant_accounts" AS m
WHERE m."tenant_id" = p."tenant_id" AND m."restaurant_id" = p."restaurant_id" AND p."merchid" IS NULL;
