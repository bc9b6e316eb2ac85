CREATE TABLE "recommendation_runs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_recommendations" (
	"user_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"score" real NOT NULL,
	"card" jsonb NOT NULL,
	"reason_source" text NOT NULL,
	"reason_title" text NOT NULL,
	CONSTRAINT "user_recommendations_pkey" PRIMARY KEY("user_id","item_type","item_id"),
	CONSTRAINT "user_recommendations_item_type_check" CHECK ("user_recommendations"."item_type" in ('movie', 'tv')),
	CONSTRAINT "user_recommendations_source_check" CHECK ("user_recommendations"."reason_source" in ('catalogue', 'people'))
);
--> statement-breakpoint
ALTER TABLE "title_facts" ADD COLUMN "imdb_id" text;--> statement-breakpoint
ALTER TABLE "recommendation_runs" ADD CONSTRAINT "recommendation_runs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recommendations" ADD CONSTRAINT "user_recommendations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_recommendations_user_score_idx" ON "user_recommendations" USING btree ("user_id","score" DESC NULLS LAST);