CREATE TABLE "import_uploads" (
	"import_id" bigint PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"list" text,
	CONSTRAINT "import_uploads_size_check" CHECK (octet_length("import_uploads"."bytes") between 1 and 10485760),
	CONSTRAINT "import_uploads_list_check" CHECK ("import_uploads"."list" is null or "import_uploads"."list" in ('watched', 'watchlist'))
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "worked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;