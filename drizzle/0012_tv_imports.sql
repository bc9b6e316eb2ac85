ALTER TABLE "import_rows" DROP CONSTRAINT "import_rows_kind_check";--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_source_check";--> statement-breakpoint
ALTER TABLE "episode_watches" ADD COLUMN "rewatches" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "episode_watches" ADD CONSTRAINT "episode_watches_rewatches_check" CHECK ("episode_watches"."rewatches" >= 0);--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_kind_check" CHECK ("import_rows"."kind" in ('watched', 'watchlist', 'rating', 'diary', 'review', 'imdb-rating', 'imdb-list', 'episode', 'series-status'));--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_source_check" CHECK ("imports"."source" in ('letterboxd', 'imdb', 'tvtime', 'netflix'));