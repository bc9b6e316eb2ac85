CREATE TABLE "list_editors" (
	"list_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_editors_pkey" PRIMARY KEY("list_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "list_invites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text
);
--> statement-breakpoint
CREATE TABLE "list_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list_id" bigint NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"note" text,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_items_item_type_check" CHECK ("list_items"."item_type" in ('movie', 'tv')),
	CONSTRAINT "list_items_item_id_check" CHECK ("list_items"."item_id" > 0),
	CONSTRAINT "list_items_position_check" CHECK ("list_items"."position" > 0),
	CONSTRAINT "list_items_note_length_check" CHECK ("list_items"."note" is null or char_length("list_items"."note") <= 280)
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"visibility" text DEFAULT 'private' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lists_name_length_check" CHECK (char_length("lists"."name") between 3 and 80),
	CONSTRAINT "lists_description_length_check" CHECK ("lists"."description" is null or char_length("lists"."description") <= 1000),
	CONSTRAINT "lists_visibility_check" CHECK ("lists"."visibility" in ('private', 'unlisted', 'public'))
);
--> statement-breakpoint
CREATE TABLE "profile_favorites" (
	"user_id" text NOT NULL,
	"position" smallint NOT NULL,
	"movie_id" integer NOT NULL,
	CONSTRAINT "profile_favorites_pkey" PRIMARY KEY("user_id","position"),
	CONSTRAINT "profile_favorites_position_check" CHECK ("profile_favorites"."position" between 1 and 4),
	CONSTRAINT "profile_favorites_movie_id_check" CHECK ("profile_favorites"."movie_id" > 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "username_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_titles" ADD COLUMN "age_rating" text;--> statement-breakpoint
ALTER TABLE "catalogue_titles" ADD COLUMN "cinema_date" date;--> statement-breakpoint
ALTER TABLE "title_facts" ADD COLUMN "date" date;--> statement-breakpoint
ALTER TABLE "list_editors" ADD CONSTRAINT "list_editors_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_editors" ADD CONSTRAINT "list_editors_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_invites" ADD CONSTRAINT "list_invites_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_invites" ADD CONSTRAINT "list_invites_used_by_user_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_favorites" ADD CONSTRAINT "profile_favorites_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_editors_user_idx" ON "list_editors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "list_invites_token_hash_unique" ON "list_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "list_invites_list_idx" ON "list_invites" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "list_items_list_item_unique" ON "list_items" USING btree ("list_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "list_items_list_position_idx" ON "list_items" USING btree ("list_id","position","id");--> statement-breakpoint
CREATE INDEX "lists_owner_updated_idx" ON "lists" USING btree ("owner_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lists_visibility_updated_idx" ON "lists" USING btree ("visibility","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "profile_favorites_user_movie_unique" ON "profile_favorites" USING btree ("user_id","movie_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_key_unique" ON "profiles" USING btree ("username_key");--> statement-breakpoint
CREATE INDEX "catalogue_titles_cinema_date_idx" ON "catalogue_titles" USING btree ("cinema_date");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_username_check" CHECK (("profiles"."username" is null) = ("profiles"."username_key" is null) and ("profiles"."username_key" is null or "profiles"."username_key" ~ '^[a-z0-9_.]{3,30}$'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_public_needs_username_check" CHECK (not "profiles"."is_public" or "profiles"."username" is not null);