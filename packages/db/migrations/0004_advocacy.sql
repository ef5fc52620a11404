CREATE TABLE "complaint_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"complaint_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_events_status_known" CHECK ("complaint_events"."status" in ('submitted', 'acknowledged', 'under_review', 'resolved', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"hospital_name" text NOT NULL,
	"hospital_address" text NOT NULL,
	"category" text NOT NULL,
	"complaints" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledgement_due_at" timestamp with time zone NOT NULL,
	"response_due_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_reference_unique" UNIQUE("reference"),
	CONSTRAINT "complaints_status_known" CHECK ("complaints"."status" in ('submitted', 'acknowledged', 'under_review', 'resolved', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"facility_type" text NOT NULL,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text NOT NULL,
	"lga" text NOT NULL,
	"address" text NOT NULL,
	"image" text,
	"image_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_total" integer DEFAULT 0 NOT NULL,
	"average_rating" numeric(3, 2) GENERATED ALWAYS AS (case when "facilities"."review_count" > 0 then round("facilities"."rating_total"::numeric / "facilities"."review_count", 2) else 0 end) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_review_count_not_negative" CHECK ("facilities"."review_count" >= 0),
	CONSTRAINT "facilities_rating_total_in_range" CHECK ("facilities"."rating_total" between "facilities"."review_count" and 5 * "facilities"."review_count")
);
--> statement-breakpoint
CREATE TABLE "facility_review_useful" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_review_useful_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "facility_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"verified" boolean DEFAULT false NOT NULL,
	"useful_count" integer DEFAULT 0 NOT NULL,
	"moderated_at" timestamp with time zone,
	"moderated_by" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_reviews_one_per_user" UNIQUE("facility_id","user_id"),
	CONSTRAINT "facility_reviews_rating_1_to_5" CHECK ("facility_reviews"."rating" between 1 and 5),
	CONSTRAINT "facility_reviews_status_known" CHECK ("facility_reviews"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "facility_reviews_useful_not_negative" CHECK ("facility_reviews"."useful_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "webinar_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webinar_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_review_useful" ADD CONSTRAINT "facility_review_useful_review_id_facility_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."facility_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_review_useful" ADD CONSTRAINT "facility_review_useful_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_reviews" ADD CONSTRAINT "facility_reviews_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_reviews" ADD CONSTRAINT "facility_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_reviews" ADD CONSTRAINT "facility_reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD CONSTRAINT "webinar_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_events_by_complaint" ON "complaint_events" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_owner" ON "complaints" USING btree ("user_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaints_by_status" ON "complaints" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "complaints_open_by_response_due" ON "complaints" USING btree ("response_due_at") WHERE "complaints"."status" not in ('resolved', 'closed');--> statement-breakpoint
CREATE INDEX "facilities_by_rating" ON "facilities" USING btree ("average_rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "facilities_by_state" ON "facilities" USING btree ("state","average_rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "facilities_by_name" ON "facilities" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "facility_reviews_approved" ON "facility_reviews" USING btree ("facility_id","published_at" DESC NULLS LAST) WHERE "facility_reviews"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "facility_reviews_owner" ON "facility_reviews" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "facility_reviews_moderation" ON "facility_reviews" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_registrations_one_per_email" ON "webinar_registrations" USING btree ("webinar_id",lower("email"));--> statement-breakpoint
CREATE INDEX "webinar_registrations_recent" ON "webinar_registrations" USING btree ("created_at" DESC NULLS LAST);