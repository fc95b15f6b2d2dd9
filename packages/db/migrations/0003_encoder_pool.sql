ALTER TABLE "videos" ADD COLUMN "encoder_node" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "video_encoder" text;