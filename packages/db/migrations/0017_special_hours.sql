-- Decision 030: several opening spans a day and dated special hours.
ALTER TABLE "restaurants" ADD COLUMN "special_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Each stored weekday {open, close, closed} becomes the same day with one span, open to close. The table is
-- walled (FORCE ROW LEVEL SECURITY): the backfill acts across tenants for this migration's transaction.
SELECT set_config('brigade.all_tenants', 'on', true);--> statement-breakpoint
UPDATE "restaurants" SET "operating_hours" = (
  SELECT jsonb_object_agg(
    "day"."key",
    CASE WHEN jsonb_typeof("day"."value") = 'object' AND NOT ("day"."value" ? 'spans')
      THEN "day"."value" || jsonb_build_object('spans', jsonb_build_array(
        jsonb_build_object('open', "day"."value" -> 'open', 'close', "day"."value" -> 'close')))
      ELSE "day"."value" END)
  FROM jsonb_each("restaurants"."operating_hours") AS "day"
) WHERE jsonb_typeof("operating_hours") = 'object' AND "operating_hours" <> '{}'::jsonb;
