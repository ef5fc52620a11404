CREATE TABLE "campaign_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign_id" uuid,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone,
	CONSTRAINT "campaign_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "campaign_documents_kind_known" CHECK ("campaign_documents"."kind" in ('bill', 'medical_report', 'other')),
	CONSTRAINT "campaign_documents_key_private" CHECK ("campaign_documents"."storage_key" like 'private/%'),
	CONSTRAINT "campaign_documents_size_positive" CHECK ("campaign_documents"."size_bytes" > 0),
	CONSTRAINT "campaign_documents_attached_with_campaign" CHECK (("campaign_documents"."campaign_id" is null) = ("campaign_documents"."attached_at" is null))
);
--> statement-breakpoint
CREATE TABLE "campaign_verifications" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"documents_name_beneficiary" boolean NOT NULL,
	"hospital_confirmed_via" text NOT NULL,
	"hospital_confirmed_by" text NOT NULL,
	"hospital_confirmed_on" timestamp with time zone NOT NULL,
	"account_name_matches" text NOT NULL,
	"account_name" text NOT NULL,
	"note" text,
	"checked_by" uuid,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_verifications_documents_checked" CHECK ("campaign_verifications"."documents_name_beneficiary"),
	CONSTRAINT "campaign_verifications_via_known" CHECK ("campaign_verifications"."hospital_confirmed_via" in ('phone', 'email', 'visit')),
	CONSTRAINT "campaign_verifications_match_known" CHECK ("campaign_verifications"."account_name_matches" in ('beneficiary', 'organiser', 'hospital'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"reference" text PRIMARY KEY NOT NULL,
	"transfer_code" text NOT NULL,
	"recipient_code" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfers_code_unique" UNIQUE("transfer_code")
);
--> statement-breakpoint
CREATE TABLE "facility_payout_accounts" (
	"facility_id" uuid PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"lookup_provider" text NOT NULL,
	"recipient_code" text,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_by" uuid,
	"verified_at" timestamp with time zone,
	CONSTRAINT "facility_payout_accounts_nuban" CHECK ("facility_payout_accounts"."account_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "facility_payout_accounts_verified_with_recipient" CHECK (("facility_payout_accounts"."verified_at" is null) = ("facility_payout_accounts"."recipient_code" is null))
);
--> statement-breakpoint
CREATE TABLE "green_heart_fund" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"donated_kobo" bigint DEFAULT 0 NOT NULL,
	"refunded_kobo" bigint DEFAULT 0 NOT NULL,
	"awarded_kobo" bigint DEFAULT 0 NOT NULL,
	"available_kobo" bigint DEFAULT 0 NOT NULL,
	"weekly_award_kobo" bigint DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "green_heart_fund_one_row" CHECK ("green_heart_fund"."id" = 1),
	CONSTRAINT "green_heart_fund_balances" CHECK ("green_heart_fund"."donated_kobo" = "green_heart_fund"."available_kobo" + "green_heart_fund"."awarded_kobo" + "green_heart_fund"."refunded_kobo"),
	CONSTRAINT "green_heart_fund_not_negative" CHECK ("green_heart_fund"."donated_kobo" >= 0 and "green_heart_fund"."refunded_kobo" >= 0 and "green_heart_fund"."awarded_kobo" >= 0 and "green_heart_fund"."available_kobo" >= 0 and "green_heart_fund"."weekly_award_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"payee_kind" text NOT NULL,
	"facility_id" uuid,
	"payee_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"recipient_code" text,
	"transfer_code" text,
	"purpose" text NOT NULL,
	"bill_document_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"released_by" uuid,
	"released_at" timestamp with time zone,
	"reason" text,
	"paid_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"provider_response" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_kobo" > 0),
	CONSTRAINT "payouts_payee_known" CHECK ("payouts"."payee_kind" in ('hospital', 'beneficiary')),
	CONSTRAINT "payouts_status_known" CHECK ("payouts"."status" in ('requested', 'approved', 'rejected', 'cancelled', 'processing', 'otp', 'paid', 'failed', 'reversed')),
	CONSTRAINT "payouts_hospital_has_facility" CHECK ("payouts"."payee_kind" <> 'hospital' or "payouts"."facility_id" is not null),
	CONSTRAINT "payouts_approver_not_requester" CHECK ("payouts"."approved_by" is null or "payouts"."requested_by" is null or "payouts"."approved_by" <> "payouts"."requested_by"),
	CONSTRAINT "payouts_releaser_not_approver" CHECK ("payouts"."released_by" is null or ("payouts"."approved_by" is not null and "payouts"."released_by" <> "payouts"."approved_by" and ("payouts"."requested_by" is null or "payouts"."released_by" <> "payouts"."requested_by"))),
	CONSTRAINT "payouts_paid_when_paid" CHECK (("payouts"."status" = 'paid') = ("payouts"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid NOT NULL,
	"campaign_id" uuid,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"provider_response" jsonb,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_kobo" > 0),
	CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('pending', 'processed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "donations" ALTER COLUMN "campaign_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_weekly_winners" ADD COLUMN "award_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_weekly_winners" ADD COLUMN "award_outcome" text DEFAULT 'no_award' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "donated_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "awarded_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "available_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "pending_payout_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paid_out_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "refunded_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "facility_name" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "account_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "payouts_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "payouts_frozen_reason" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "keep_informed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refunded_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_documents" ADD CONSTRAINT "campaign_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_documents" ADD CONSTRAINT "campaign_documents_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_verifications" ADD CONSTRAINT "campaign_verifications_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_verifications" ADD CONSTRAINT "campaign_verifications_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_payout_accounts" ADD CONSTRAINT "facility_payout_accounts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_payout_accounts" ADD CONSTRAINT "facility_payout_accounts_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_payout_accounts" ADD CONSTRAINT "facility_payout_accounts_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "green_heart_fund" ADD CONSTRAINT "green_heart_fund_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bill_document_id_campaign_documents_id_fk" FOREIGN KEY ("bill_document_id") REFERENCES "public"."campaign_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_documents_campaign" ON "campaign_documents" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_documents_unattached" ON "campaign_documents" USING btree ("created_at") WHERE "campaign_documents"."campaign_id" is null;--> statement-breakpoint
CREATE INDEX "campaign_documents_user" ON "campaign_documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payouts_campaign" ON "payouts" USING btree ("campaign_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_by_status" ON "payouts" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_pending_per_donation" ON "refunds" USING btree ("donation_id") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "refunds_campaign" ON "refunds" USING btree ("campaign_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refunds_by_date" ON "refunds" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_fund_succeeded" ON "donations" USING btree ("paid_at" DESC NULLS LAST,"id") WHERE "donations"."status" = 'succeeded' and "donations"."campaign_id" is null;--> statement-breakpoint
ALTER TABLE "campaign_weekly_winners" ADD CONSTRAINT "campaign_weekly_winners_award_outcome" CHECK ("campaign_weekly_winners"."award_outcome" in ('awarded', 'fund_empty', 'no_award') and ("campaign_weekly_winners"."award_outcome" = 'awarded') = ("campaign_weekly_winners"."award_kobo" > 0));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_ledger_balances" CHECK ("campaigns"."donated_kobo" + "campaigns"."awarded_kobo" = "campaigns"."available_kobo" + "campaigns"."pending_payout_kobo" + "campaigns"."paid_out_kobo" + "campaigns"."refunded_kobo");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_ledger_not_negative" CHECK ("campaigns"."donated_kobo" >= 0 and "campaigns"."awarded_kobo" >= 0 and "campaigns"."available_kobo" >= 0 and "campaigns"."pending_payout_kobo" >= 0 and "campaigns"."paid_out_kobo" >= 0 and "campaigns"."refunded_kobo" >= 0);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_facility_one_way" CHECK ("campaigns"."facility_id" is null or "campaigns"."facility_name" is null);--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_refund_within_amount" CHECK ("donations"."refunded_kobo" >= 0 and "donations"."refunded_kobo" <= "donations"."amount_kobo" and ("donations"."refunded_kobo" = 0 or "donations"."status" = 'succeeded'));--> statement-breakpoint
-- The ledger starts from the donations already counted: all of it is available.
UPDATE "campaigns" SET "donated_kobo" = "counted"."kobo", "available_kobo" = "counted"."kobo"
FROM (
  SELECT "campaign_id", sum("amount_kobo")::bigint AS "kobo" FROM "donations"
  WHERE "status" = 'succeeded' AND "campaign_id" IS NOT NULL GROUP BY "campaign_id"
) AS "counted"
WHERE "campaigns"."id" = "counted"."campaign_id";--> statement-breakpoint
INSERT INTO "green_heart_fund" ("id") VALUES (1) ON CONFLICT DO NOTHING;
