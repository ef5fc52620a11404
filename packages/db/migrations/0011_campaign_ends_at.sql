ALTER TABLE "campaigns" ADD COLUMN "ends_at" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
-- When a campaign stops being listed: its approval plus its duration plus the days added, in UTC
-- (as the contracts' campaignEndsAt reckons it), or infinity while it was never approved. Kept by
-- this trigger on every write, so no code path can leave it out of date.
CREATE FUNCTION "campaigns_set_ends_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ends_at := CASE
    WHEN NEW.approved_at IS NULL THEN 'infinity'::timestamptz
    ELSE ((NEW.approved_at AT TIME ZONE 'UTC') + NEW.duration::interval
          + NEW.extension_days * interval '1 day') AT TIME ZONE 'UTC'
  END;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "campaigns_set_ends_at" BEFORE INSERT OR UPDATE ON "campaigns"
  FOR EACH ROW EXECUTE FUNCTION "campaigns_set_ends_at"();--> statement-breakpoint
UPDATE "campaigns" SET "ends_at" = ((("approved_at" AT TIME ZONE 'UTC') + "duration"::interval
  + "extension_days" * interval '1 day') AT TIME ZONE 'UTC')
  WHERE "approved_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_live_by_end" ON "campaigns" USING btree ("ends_at","id") WHERE "campaigns"."status" = 'active' and "campaigns"."deleted_at" is null;
