ALTER TABLE "import_rows" DROP CONSTRAINT "import_rows_kind_check";--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_source_check";--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "import_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "lists_owner_import_key_unique" ON "lists" USING btree ("owner_id","import_key") WHERE "lists"."import_key" is not null;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_kind_check" CHECK ("import_rows"."kind" in ('watched', 'watchlist', 'rating', 'diary', 'review', 'imdb-rating', 'imdb-list', 'list-item', 'favorite', 'comment', 'episode', 'series-status'));--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_source_check" CHECK ("imports"."source" in ('letterboxd', 'imdb', 'tvtime', 'netflix', 'trakt'));--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_import_key_length_check" CHECK ("lists"."import_key" is null or char_length("lists"."import_key") between 1 and 400);