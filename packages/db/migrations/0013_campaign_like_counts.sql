CREATE TABLE "campaign_like_counts" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"listed" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_like_counts_not_negative" CHECK ("campaign_like_counts"."likes_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_likes_count_not_negative";--> statement-breakpoint
DROP INDEX "campaigns_live_by_likes";--> statement-breakpoint
ALTER TABLE "campaign_like_counts" ADD CONSTRAINT "campaign_like_counts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_like_counts_listed_by_likes" ON "campaign_like_counts" USING btree ("likes_count" DESC NULLS LAST,"created_at","campaign_id") WHERE "campaign_like_counts"."listed";--> statement-breakpoint
-- Every campaign has its counts row from its insert on, and the row's copy of what orders and
-- lists it follows the campaign: kept by these triggers, so no write path can forget them.
CREATE FUNCTION "campaign_like_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "campaign_like_counts" ("campaign_id", "likes_count", "listed", "created_at")
  SELECT "id", 0, "status" = 'active' AND "deleted_at" IS NULL, "created_at" FROM "added";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "campaign_like_counts_add" AFTER INSERT ON "campaigns"
  REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "campaign_like_counts_add"();--> statement-breakpoint
CREATE FUNCTION "campaign_like_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "campaign_like_counts"
  SET "listed" = NEW."status" = 'active' AND NEW."deleted_at" IS NULL,
      "created_at" = NEW."created_at"
  WHERE "campaign_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "campaign_like_counts_follow" AFTER UPDATE OF "status", "deleted_at", "created_at"
  ON "campaigns" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status"
     OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at"
     OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "campaign_like_counts_follow"();--> statement-breakpoint
-- A like that goes (its member's account deleted, by cascade or otherwise) is counted out in the
-- same statement, so the count stays equal to the like rows whatever removes them.
CREATE FUNCTION "campaign_like_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "campaign_like_counts" k SET "likes_count" = k."likes_count" - gone."n"
  FROM (SELECT "campaign_id", count(*)::int AS "n" FROM "removed" GROUP BY "campaign_id") gone
  WHERE k."campaign_id" = gone."campaign_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "campaign_like_counts_remove" AFTER DELETE ON "campaign_likes"
  REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "campaign_like_counts_remove"();--> statement-breakpoint
INSERT INTO "campaign_like_counts" ("campaign_id", "likes_count", "listed", "created_at")
  SELECT "id", "likes_count", "status" = 'active' AND "deleted_at" IS NULL, "created_at"
  FROM "campaigns";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "likes_count";