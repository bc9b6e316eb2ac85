CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "catalogue_credits" (
	"person_id" integer NOT NULL,
	"media_type" text NOT NULL,
	"media_id" integer NOT NULL,
	"character" text NOT NULL,
	CONSTRAINT "catalogue_credits_person_id_media_type_media_id_pk" PRIMARY KEY("person_id","media_type","media_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_episodes" (
	"series_id" integer NOT NULL,
	"season_number" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"details" jsonb NOT NULL,
	CONSTRAINT "catalogue_episodes_series_id_season_number_episode_number_pk" PRIMARY KEY("series_id","season_number","episode_number")
);
--> statement-breakpoint
CREATE TABLE "catalogue_genres" (
	"media_type" text NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "catalogue_genres_media_type_id_pk" PRIMARY KEY("media_type","id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_people" (
	"id" integer PRIMARY KEY NOT NULL,
	"popularity" real NOT NULL,
	"search_text" text NOT NULL,
	"summary" jsonb NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_seasons" (
	"series_id" integer NOT NULL,
	"season_number" integer NOT NULL,
	"details" jsonb NOT NULL,
	CONSTRAINT "catalogue_seasons_series_id_season_number_pk" PRIMARY KEY("series_id","season_number")
);
--> statement-breakpoint
CREATE TABLE "catalogue_titles" (
	"media_type" text NOT NULL,
	"id" integer NOT NULL,
	"date" date,
	"year" smallint,
	"vote_average" real NOT NULL,
	"vote_count" integer NOT NULL,
	"popularity" real NOT NULL,
	"genre_ids" integer[] NOT NULL,
	"search_text" text NOT NULL,
	"summary" jsonb NOT NULL,
	"details" jsonb NOT NULL,
	CONSTRAINT "catalogue_titles_media_type_id_pk" PRIMARY KEY("media_type","id")
);
--> statement-breakpoint
CREATE INDEX "catalogue_people_popularity_idx" ON "catalogue_people" USING btree ("popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_people_search_idx" ON "catalogue_people" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_titles_popularity_idx" ON "catalogue_titles" USING btree ("media_type","popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_titles_rating_idx" ON "catalogue_titles" USING btree ("media_type","vote_average" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_titles_date_idx" ON "catalogue_titles" USING btree ("media_type","date");--> statement-breakpoint
CREATE INDEX "catalogue_titles_genres_idx" ON "catalogue_titles" USING gin ("genre_ids");--> statement-breakpoint
CREATE INDEX "catalogue_titles_search_idx" ON "catalogue_titles" USING gin ("search_text" gin_trgm_ops);