CREATE TABLE "trial_ip_usage" (
	"ip_block" text PRIMARY KEY NOT NULL,
	"videos_processed" integer DEFAULT 0 NOT NULL,
	"last_used" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "charge" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "charged_ip_block" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "charge_returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_charge_check" CHECK ("videos"."charge" in ('trial', 'credit'));