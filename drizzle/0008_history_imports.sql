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
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_matches_created_idx" ON "import_matches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "import_rows_import_state_idx" ON "import_rows" USING btree ("import_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_rows_import_file_line_unique" ON "import_rows" USING btree ("import_id","file","line");--> statement-breakpoint
CREATE INDEX "imports_user_created_idx" ON "imports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "imports_one_running_per_user" ON "imports" USING btree ("user_id") WHERE "imports"."status" = 'running';