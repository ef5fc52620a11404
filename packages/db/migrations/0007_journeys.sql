CREATE TABLE "form_drafts" (
	"token_hash" text NOT NULL,
	"path" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "form_drafts_token_hash_path_pk" PRIMARY KEY("token_hash","path")
);
--> statement-breakpoint
ALTER TABLE "site_documents" ADD COLUMN "site_content" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
CREATE INDEX "form_drafts_expires" ON "form_drafts" USING btree ("expires_at");