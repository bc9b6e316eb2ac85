CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "episode_ratings" (
	"user_id" text NOT NULL,
	"series_id" integer NOT NULL,
	"season_number" smallint NOT NULL,
	"episode_number" smallint NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_ratings_pkey" PRIMARY KEY("user_id","series_id","season_number","episode_number"),
	CONSTRAINT "episode_ratings_series_id_check" CHECK ("episode_ratings"."series_id" > 0),
	CONSTRAINT "episode_ratings_season_check" CHECK ("episode_ratings"."season_number" >= 0),
	CONSTRAINT "episode_ratings_episode_check" CHECK ("episode_ratings"."episode_number" > 0),
	CONSTRAINT "episode_ratings_rating_check" CHECK ("episode_ratings"."rating" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "episode_watches" (
	"user_id" text NOT NULL,
	"series_id" integer NOT NULL,
	"season_number" smallint NOT NULL,
	"episode_number" smallint NOT NULL,
	"watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_watches_pkey" PRIMARY KEY("user_id","series_id","season_number","episode_number"),
	CONSTRAINT "episode_watches_series_id_check" CHECK ("episode_watches"."series_id" > 0),
	CONSTRAINT "episode_watches_season_check" CHECK ("episode_watches"."season_number" > 0),
	CONSTRAINT "episode_watches_episode_check" CHECK ("episode_watches"."episode_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "tracked_episodes" (
	"series_id" integer NOT NULL,
	"season_number" smallint NOT NULL,
	"episode_number" smallint NOT NULL,
	"name" text NOT NULL,
	"air_date" date,
	"runtime" smallint,
	CONSTRAINT "tracked_episodes_pkey" PRIMARY KEY("series_id","season_number","episode_number"),
	CONSTRAINT "tracked_episodes_season_check" CHECK ("tracked_episodes"."season_number" > 0),
	CONSTRAINT "tracked_episodes_episode_check" CHECK ("tracked_episodes"."episode_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "tracked_series" (
	"series_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text,
	"poster_path" text,
	"refreshed_at" timestamp with time zone,
	CONSTRAINT "tracked_series_id_check" CHECK ("tracked_series"."series_id" > 0)
);
--> statement-breakpoint
CREATE TABLE "diary_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"watched_on" date NOT NULL,
	"rating" smallint,
	"review" text,
	"rewatch" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"import_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diary_entries_item_type_check" CHECK ("diary_entries"."item_type" in ('movie', 'tv')),
	CONSTRAINT "diary_entries_item_id_check" CHECK ("diary_entries"."item_id" > 0),
	CONSTRAINT "diary_entries_rating_check" CHECK ("diary_entries"."rating" is null or "diary_entries"."rating" between 1 and 10),
	CONSTRAINT "diary_entries_review_length_check" CHECK ("diary_entries"."review" is null or char_length("diary_entries"."review") between 10 and 1000),
	CONSTRAINT "diary_entries_tags_check" CHECK (cardinality("diary_entries"."tags") <= 20),
	CONSTRAINT "diary_entries_watched_on_check" CHECK ("diary_entries"."watched_on" >= date '1870-01-01')
);
--> statement-breakpoint
CREATE TABLE "title_facts" (
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"title" text NOT NULL,
	"poster_path" text,
	"runtime" smallint,
	"genre_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"directors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cast" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "title_facts_pkey" PRIMARY KEY("item_type","item_id"),
	CONSTRAINT "title_facts_item_type_check" CHECK ("title_facts"."item_type" in ('movie', 'tv')),
	CONSTRAINT "title_facts_item_id_check" CHECK ("title_facts"."item_id" > 0)
);
--> statement-breakpoint
CREATE TABLE "import_matches" (
	"key" text PRIMARY KEY NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" bigint NOT NULL,
	"file" text NOT NULL,
	"line" integer NOT NULL,
	"kind" text NOT NULL,
	"fields" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"item_type" text,
	"item_id" integer,
	"candidates" jsonb,
	CONSTRAINT "import_rows_state_check" CHECK ("import_rows"."state" in ('pending', 'written', 'review', 'skipped', 'bad')),
	CONSTRAINT "import_rows_kind_check" CHECK ("import_rows"."kind" in ('watched', 'watchlist', 'rating', 'diary', 'review', 'imdb-rating', 'imdb-list')),
	CONSTRAINT "import_rows_item_check" CHECK ("import_rows"."item_id" is null or "import_rows"."item_id" > 0)
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"total_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('running', 'review', 'done')),
	CONSTRAINT "imports_source_check" CHECK ("imports"."source" in ('letterboxd', 'imdb')),
	CONSTRAINT "imports_rows_check" CHECK ("imports"."total_rows" between 0 and 50000 and "imports"."processed_rows" between 0 and "imports"."total_rows")
);
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_comment_length_check";--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "comment" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_titles" ADD COLUMN "imdb_id" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_ratings" ADD CONSTRAINT "episode_ratings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_watches" ADD CONSTRAINT "episode_watches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_episodes" ADD CONSTRAINT "tracked_episodes_series_id_tracked_series_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."tracked_series"("series_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_ratings_episode_idx" ON "episode_ratings" USING btree ("series_id","season_number","episode_number");--> statement-breakpoint
CREATE INDEX "episode_watches_user_watched_idx" ON "episode_watches" USING btree ("user_id","watched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "episode_watches_user_series_watched_idx" ON "episode_watches" USING btree ("user_id","series_id","watched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tracked_episodes_air_date_idx" ON "tracked_episodes" USING btree ("air_date");--> statement-breakpoint
CREATE INDEX "tracked_series_refreshed_idx" ON "tracked_series" USING btree ("refreshed_at");--> statement-breakpoint
CREATE INDEX "diary_entries_user_watched_idx" ON "diary_entries" USING btree ("user_id","watched_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "diary_entries_user_item_idx" ON "diary_entries" USING btree ("user_id","item_type","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diary_entries_user_import_key_unique" ON "diary_entries" USING btree ("user_id","import_key");--> statement-breakpoint
CREATE INDEX "import_matches_created_idx" ON "import_matches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "import_rows_import_state_idx" ON "import_rows" USING btree ("import_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_rows_import_file_line_unique" ON "import_rows" USING btree ("import_id","file","line");--> statement-breakpoint
CREATE INDEX "imports_user_created_idx" ON "imports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "imports_one_running_per_user" ON "imports" USING btree ("user_id") WHERE "imports"."status" = 'running';--> statement-breakpoint
CREATE INDEX "catalogue_titles_imdb_id_idx" ON "catalogue_titles" USING btree ("imdb_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_or_comment_check" CHECK ("reviews"."comment" is not null or "reviews"."rating" is not null);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_comment_length_check" CHECK ("reviews"."comment" is null or char_length("reviews"."comment") between 10 and 1000);