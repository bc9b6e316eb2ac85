ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "digest_weekday" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "title_provider_readings" ADD COLUMN "with_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_weekday_check" CHECK ("notification_preferences"."digest_weekday" between 0 and 6);--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind_check" CHECK ("notification_settings"."kind" in ('episode_aired', 'now_streaming', 'in_cinemas', 'list_invite_accepted', 'new_follower', 'new_like', 'new_comment'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('episode_aired', 'now_streaming', 'in_cinemas', 'list_invite_accepted', 'new_follower', 'new_like', 'new_comment'));