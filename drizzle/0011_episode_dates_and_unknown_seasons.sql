-- Undated episode marks ("Tarihini hatırlamıyorum"): every existing mark keeps its date.
ALTER TABLE "episode_watches" ALTER COLUMN "watched_at" DROP NOT NULL;--> statement-breakpoint
-- Series already read do not know yet which seasons lack episodes: null (nothing concluded) and
-- read again by the job, which fills the column; new rows start at 0.
ALTER TABLE "tracked_series" ADD COLUMN "unknown_seasons" smallint;--> statement-breakpoint
UPDATE "tracked_series" SET "refreshed_at" = NULL;--> statement-breakpoint
ALTER TABLE "tracked_series" ALTER COLUMN "unknown_seasons" SET DEFAULT 0;
