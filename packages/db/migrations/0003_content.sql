CREATE TABLE "blog_authors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"image" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"parent_id" uuid,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_comments_length" CHECK (char_length("blog_comments"."comment") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "blog_likes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_likes_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"url_slug" text NOT NULL,
	"category_id" uuid,
	"author_id" uuid,
	"content" text NOT NULL,
	"content_text" text NOT NULL,
	"excerpt" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title_image" text,
	"title_image_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body_image" text,
	"body_image_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "blog_posts"."title" || ' ' || "blog_posts"."excerpt" || ' ' || "blog_posts"."content_text")) STORED NOT NULL,
	CONSTRAINT "blog_posts_status_known" CHECK ("blog_posts"."status" in ('draft', 'published')),
	CONSTRAINT "blog_posts_url_slug_form" CHECK ("blog_posts"."url_slug" ~ '^/[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "blog_posts_counts_not_negative" CHECK ("blog_posts"."likes_count" >= 0 and "blog_posts"."comments_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"number" integer NOT NULL,
	"release_date" date NOT NULL,
	"duration_minutes" integer NOT NULL,
	"summary" text NOT NULL,
	"summary_text" text NOT NULL,
	"category_id" uuid,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"produced_by" text NOT NULL,
	"image" text,
	"image_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "podcast_episodes_number_positive" CHECK ("podcast_episodes"."number" > 0),
	CONSTRAINT "podcast_episodes_duration_positive" CHECK ("podcast_episodes"."duration_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_parent_id_blog_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."blog_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_likes" ADD CONSTRAINT "blog_likes_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_likes" ADD CONSTRAINT "blog_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_category_id_blog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_blog_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."blog_authors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD CONSTRAINT "podcast_episodes_category_id_podcast_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."podcast_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_authors_one_default" ON "blog_authors" USING btree ("is_default") WHERE "blog_authors"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "blog_categories_name_unique" ON "blog_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "blog_comments_post" ON "blog_comments" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "blog_comments_parent" ON "blog_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "blog_likes_user" ON "blog_likes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_url_slug_unique" ON "blog_posts" USING btree ("url_slug");--> statement-breakpoint
CREATE INDEX "blog_posts_published" ON "blog_posts" USING btree ("published_at" DESC NULLS LAST,"id") WHERE "blog_posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "blog_posts_category_published" ON "blog_posts" USING btree ("category_id","published_at" DESC NULLS LAST) WHERE "blog_posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "blog_posts_search" ON "blog_posts" USING gin ("search") WHERE "blog_posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "contact_messages_created" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "podcast_categories_name_unique" ON "podcast_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "podcast_episodes_number_unique" ON "podcast_episodes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "podcast_episodes_released" ON "podcast_episodes" USING btree ("release_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "podcast_episodes_category" ON "podcast_episodes" USING btree ("category_id","release_date" DESC NULLS LAST);