CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"donor_name" text NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"donor_email" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"flag_reason" text,
	"provider_response" jsonb,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "donations_status_known" CHECK ("donations"."status" in ('pending', 'succeeded', 'failed', 'abandoned')),
	CONSTRAINT "donations_amount_positive" CHECK ("donations"."amount_kobo" > 0),
	CONSTRAINT "donations_paid_when_succeeded" CHECK (("donations"."status" = 'succeeded') = ("donations"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text NOT NULL,
	"email" text NOT NULL,
	"callback_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "donation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_campaign_succeeded" ON "donations" USING btree ("campaign_id","paid_at" DESC NULLS LAST,"id") WHERE "donations"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "donations_by_status" ON "donations" USING btree ("status","created_at");