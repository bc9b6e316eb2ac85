CREATE TABLE "catalogue_search" (
	"kind" text NOT NULL,
	"id" integer NOT NULL,
	"popularity" real NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "catalogue_search_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
DROP INDEX "catalogue_people_search_idx";--> statement-breakpoint
DROP INDEX "catalogue_titles_search_idx";--> statement-breakpoint
DROP INDEX "catalogue_titles_popularity_idx";--> statement-breakpoint
DROP INDEX "catalogue_titles_rating_idx";--> statement-breakpoint
DROP INDEX "catalogue_titles_date_idx";--> statement-breakpoint
CREATE INDEX "catalogue_search_text_idx" ON "catalogue_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_titles_date_desc_idx" ON "catalogue_titles" USING btree ("media_type","date" DESC NULLS LAST,"id","genre_ids","vote_average","vote_count","year");--> statement-breakpoint
CREATE INDEX "catalogue_titles_popularity_idx" ON "catalogue_titles" USING btree ("media_type","popularity" DESC NULLS LAST,"id","genre_ids","vote_average","vote_count","year");--> statement-breakpoint
CREATE INDEX "catalogue_titles_rating_idx" ON "catalogue_titles" USING btree ("media_type","vote_average" DESC NULLS LAST,"vote_count" DESC NULLS LAST,"id","genre_ids","year");--> statement-breakpoint
CREATE INDEX "catalogue_titles_date_idx" ON "catalogue_titles" USING btree ("media_type","date","id","genre_ids","vote_average","vote_count","year");--> statement-breakpoint
ALTER TABLE "catalogue_people" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "catalogue_titles" DROP COLUMN "search_text";