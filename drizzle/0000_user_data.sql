CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"full_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"comment" text NOT NULL,
	"rating" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_item_type_check" CHECK ("reviews"."item_type" in ('movie', 'tv', 'person')),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" is null or "reviews"."rating" between 1 and 10),
	CONSTRAINT "reviews_comment_length_check" CHECK (char_length("reviews"."comment") between 10 and 1000),
	CONSTRAINT "reviews_item_id_check" CHECK ("reviews"."item_id" > 0)
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"status" text DEFAULT 'plan_to_watch' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_item_type_check" CHECK ("watchlist"."item_type" in ('movie', 'tv')),
	CONSTRAINT "watchlist_status_check" CHECK ("watchlist"."status" in ('plan_to_watch', 'watching', 'completed')),
	CONSTRAINT "watchlist_item_id_check" CHECK ("watchlist"."item_id" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_item_unique" ON "reviews" USING btree ("user_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "reviews_item_created_idx" ON "reviews" USING btree ("item_type","item_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_user_created_idx" ON "reviews" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_user_item_unique" ON "watchlist" USING btree ("user_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "watchlist_user_created_idx" ON "watchlist" USING btree ("user_id","created_at" DESC NULLS LAST);