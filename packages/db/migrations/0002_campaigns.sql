CREATE TABLE "campaign_likes" (
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_likes_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_weekly_winners" (
	"week_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"week_end" timestamp with time zone NOT NULL,
	"campaign_id" uuid NOT NULL,
	"likes" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"fundraising_for" text NOT NULL,
	"category" text NOT NULL,
	"duration" text NOT NULL,
	"amount_needed" bigint NOT NULL,
	"amount_raised" bigint DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"lga" text NOT NULL,
	"address" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_lookup_provider" text NOT NULL,
	"beneficiary_type" text,
	"beneficiary_first_name" text,
	"beneficiary_last_name" text,
	"image" text,
	"image_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'awaiting_review' NOT NULL,
	"rejection_reason" text,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "campaigns"."title" || ' ' || "campaigns"."fundraising_for" || ' ' || "campaigns"."state" || ' ' || "campaigns"."description")) STORED NOT NULL,
	CONSTRAINT "campaigns_status_known" CHECK ("campaigns"."status" in ('awaiting_review', 'active', 'rejected', 'completed')),
	CONSTRAINT "campaigns_amount_needed_positive" CHECK ("campaigns"."amount_needed" > 0),
	CONSTRAINT "campaigns_amount_raised_not_negative" CHECK ("campaigns"."amount_raised" >= 0),
	CONSTRAINT "campaigns_likes_count_not_negative" CHECK ("campaigns"."likes_count" >= 0),
	CONSTRAINT "campaigns_account_number_nuban" CHECK ("campaigns"."account_number" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
ALTER TABLE "campaign_likes" ADD CONSTRAINT "campaign_likes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_likes" ADD CONSTRAINT "campaign_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_weekly_winners" ADD CONSTRAINT "campaign_weekly_winners_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_likes_created" ON "campaign_likes" USING btree ("created_at","campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_likes_user" ON "campaign_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaign_weekly_winners_campaign" ON "campaign_weekly_winners" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_live_by_likes" ON "campaigns" USING btree ("likes_count" DESC NULLS LAST,"created_at","id") WHERE "campaigns"."status" = 'active' and "campaigns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_live_by_approval" ON "campaigns" USING btree ("approved_at" DESC NULLS LAST,"id") WHERE "campaigns"."status" = 'active' and "campaigns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_live_search" ON "campaigns" USING gin ("search") WHERE "campaigns"."status" = 'active' and "campaigns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_owner" ON "campaigns" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_moderation" ON "campaigns" USING btree ("status","submitted_at") WHERE "campaigns"."deleted_at" is null;