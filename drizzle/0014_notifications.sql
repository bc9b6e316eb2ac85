CREATE TABLE "notification_deliveries" (
	"notification_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"state" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_deliveries_pkey" PRIMARY KEY("notification_id","channel"),
	CONSTRAINT "notification_deliveries_channel_check" CHECK ("notification_deliveries"."channel" in ('email', 'push')),
	CONSTRAINT "notification_deliveries_state_check" CHECK ("notification_deliveries"."state" in ('sending', 'sent', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"digest" text DEFAULT 'daily' NOT NULL,
	"digest_minute" smallint DEFAULT 540 NOT NULL,
	"quiet_from" smallint DEFAULT 1380 NOT NULL,
	"quiet_to" smallint DEFAULT 480 NOT NULL,
	"last_digest_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_digest_check" CHECK ("notification_preferences"."digest" in ('daily', 'weekly', 'off')),
	CONSTRAINT "notification_preferences_minutes_check" CHECK ("notification_preferences"."digest_minute" between 0 and 1439 and "notification_preferences"."quiet_from" between 0 and 1439 and "notification_preferences"."quiet_to" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_pkey" PRIMARY KEY("user_id","kind","channel"),
	CONSTRAINT "notification_settings_kind_check" CHECK ("notification_settings"."kind" in ('episode_aired', 'now_streaming', 'in_cinemas', 'list_invite_accepted')),
	CONSTRAINT "notification_settings_channel_check" CHECK ("notification_settings"."channel" in ('site', 'email', 'push'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('episode_aired', 'now_streaming', 'in_cinemas', 'list_invite_accepted')),
	CONSTRAINT "notifications_subject_check" CHECK (char_length("notifications"."subject") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "title_provider_readings" (
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"provider_ids" integer[] NOT NULL,
	"read_on" date NOT NULL,
	CONSTRAINT "title_provider_readings_pkey" PRIMARY KEY("item_type","item_id"),
	CONSTRAINT "title_provider_readings_type_check" CHECK ("title_provider_readings"."item_type" in ('movie', 'tv')),
	CONSTRAINT "title_provider_readings_id_check" CHECK ("title_provider_readings"."item_id" > 0)
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_kind_subject_unique" ON "notifications" USING btree ("user_id","kind","subject");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");