CREATE TABLE "campaign_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"reporter_email" text,
	"reporter_user_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	CONSTRAINT "campaign_reports_status_known" CHECK ("campaign_reports"."status" in ('open', 'upheld', 'dismissed')),
	CONSTRAINT "campaign_reports_resolved_together" CHECK (("campaign_reports"."status" = 'open') = ("campaign_reports"."resolved_at" is null))
);
--> statement-breakpoint
CREATE TABLE "campaign_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"changes" jsonb NOT NULL,
	"previous" jsonb NOT NULL,
	"image_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bank_changed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "campaign_revisions_status_known" CHECK ("campaign_revisions"."status" in ('pending', 'approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "campaign_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"image" text,
	"image_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_updates_body_length" CHECK (char_length("campaign_updates"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_refund_within_amount";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "submission_key" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "extension_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "extension_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "extension_request_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "extension_request_days" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fee_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fee_covered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "message_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "message_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "thanked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "channels" jsonb DEFAULT '["card","bank_transfer","ussd","bank"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "campaign_reports" ADD CONSTRAINT "campaign_reports_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reports" ADD CONSTRAINT "campaign_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reports" ADD CONSTRAINT "campaign_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_revisions" ADD CONSTRAINT "campaign_revisions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_revisions" ADD CONSTRAINT "campaign_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_revisions" ADD CONSTRAINT "campaign_revisions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_reports_queue" ON "campaign_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "campaign_reports_campaign" ON "campaign_reports" USING btree ("campaign_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_revisions_one_pending" ON "campaign_revisions" USING btree ("campaign_id") WHERE "campaign_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "campaign_revisions_queue" ON "campaign_revisions" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "campaign_revisions_campaign" ON "campaign_revisions" USING btree ("campaign_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaign_updates_timeline" ON "campaign_updates" USING btree ("campaign_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_submission_key_unique" ON "campaigns" USING btree ("user_id","submission_key") WHERE "campaigns"."submission_key" is not null;--> statement-breakpoint
CREATE INDEX "donations_donor" ON "donations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_extension_days_range" CHECK ("campaigns"."extension_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_extension_request_whole" CHECK (("campaigns"."extension_requested_at" is null) = ("campaigns"."extension_request_days" is null) and ("campaigns"."extension_requested_at" is null) = ("campaigns"."extension_request_reason" is null));--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fee_within_amount" CHECK ("donations"."fee_kobo" >= 0 and "donations"."fee_kobo" < "donations"."amount_kobo");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_refund_within_amount" CHECK ("donations"."refunded_kobo" >= 0 and "donations"."refunded_kobo" <= "donations"."amount_kobo" - "donations"."fee_kobo" and ("donations"."refunded_kobo" = 0 or "donations"."status" = 'succeeded'));