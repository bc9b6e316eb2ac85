ALTER TABLE "catalogue_titles" ADD COLUMN "imdb_id" text;--> statement-breakpoint
CREATE INDEX "catalogue_titles_imdb_id_idx" ON "catalogue_titles" USING btree ("imdb_id");