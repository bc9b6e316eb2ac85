CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_check" CHECK ("push_subscriptions"."endpoint" ~ '^https://' and char_length("push_subscriptions"."endpoint") <= 2048),
	CONSTRAINT "push_subscriptions_keys_check" CHECK ("push_subscriptions"."p256dh" ~ '^[A-Za-z0-9_-]{87}$' and "push_subscriptions"."auth" ~ '^[A-Za-z0-9_-]{22}$'),
	CONSTRAINT "push_subscriptions_device_check" CHECK (char_length("push_subscriptions"."device") <= 100)
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");