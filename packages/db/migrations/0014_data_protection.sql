CREATE TABLE "access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"owner_id" uuid,
	"action" text NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" text,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_kind_known" CHECK ("consents"."kind" in ('terms', 'privacy', 'marketing_emails', 'sms_updates', 'cookies'))
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"storage_key" text,
	"size_bytes" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	CONSTRAINT "data_exports_status_known" CHECK ("data_exports"."status" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"delivered_via" text,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_status_known" CHECK ("sms_outbox"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose_known";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "beneficiary_consent" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "beneficiary_consent_name" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "beneficiary_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "diagnosis" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "diagnosis_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD COLUMN "privacy_version" text;--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD COLUMN "marketing_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- Existing accounts get their mailbox key (the same rule as the server's emailKey()); when two
-- existing accounts share one, the older keeps it and the newer stays without (never refused).
UPDATE "users" AS u SET "email_key" = k.key FROM (
  SELECT id, key, row_number() OVER (PARTITION BY key ORDER BY created_at, id) AS n FROM (
    SELECT id, created_at,
      CASE WHEN split_part(email, '@', 2) IN ('gmail.com', 'googlemail.com')
        THEN replace(split_part(split_part(email, '@', 1), '+', 1), '.', '') || '@gmail.com'
        ELSE split_part(split_part(email, '@', 1), '+', 1) || '@' || split_part(email, '@', 2)
      END AS key
    FROM "users"
  ) AS s
) AS k
WHERE u.id = k.id AND k.n = 1;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_recent" ON "access_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_log_subject" ON "access_log" USING btree ("subject_type","subject_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_log_actor" ON "access_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_log_owner" ON "access_log" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consents_user" ON "consents" USING btree ("user_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_exports_user" ON "data_exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_exports_pending" ON "data_exports" USING btree ("created_at") WHERE "data_exports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "data_exports_expires" ON "data_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_due" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sms_outbox_to" ON "sms_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_expires" ON "one_time_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "pending_registrations_updated" ON "pending_registrations" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key_unique" ON "users" USING btree ("email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_unique" ON "users" USING btree ("phone") WHERE "users"."phone_verified_at" is not null;--> statement-breakpoint
CREATE INDEX "users_deleted_not_erased" ON "users" USING btree ("deleted_at") WHERE "users"."deleted_at" is not null and "users"."erased_at" is null;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_beneficiary_consent_known" CHECK ("campaigns"."beneficiary_consent" is null or "campaigns"."beneficiary_consent" in ('beneficiary', 'guardian'));--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_phone_only_for_phone" CHECK (("one_time_codes"."phone" is not null) = ("one_time_codes"."purpose" = 'phone'));--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_known" CHECK ("one_time_codes"."purpose" in ('signup', 'reset', 'phone'));