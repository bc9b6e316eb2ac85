ALTER TABLE "watchlist" DROP CONSTRAINT "watchlist_status_check";--> statement-breakpoint
-- Every existing row is kept: the old 'completed' becomes 'watched'; the rest stay as they are
-- (rows created so far are all 'plan_to_watch').
UPDATE "watchlist" SET "status" = 'watched' WHERE "status" = 'completed';--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_status_check" CHECK ("watchlist"."status" in ('plan_to_watch', 'watching', 'watched'));--> statement-breakpoint
CREATE INDEX "watchlist_user_status_created_idx" ON "watchlist" USING btree ("user_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_credits_media_idx" ON "catalogue_credits" USING btree ("media_type","media_id","person_id");
