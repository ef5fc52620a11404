CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_documents" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"terms_content" text DEFAULT '' NOT NULL,
	"terms_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"about_us" text DEFAULT '' NOT NULL,
	"contact_us" jsonb NOT NULL,
	"social_media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_documents_single_row" CHECK ("site_documents"."id" = 1)
);
