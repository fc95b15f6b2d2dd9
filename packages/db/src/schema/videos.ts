import { METHODS, type MediaInfo, type Rectangle, VIDEO_STATUSES } from "@wr/contracts";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { anonymousSessions } from "./anonymous-sessions";
import { createdAt, id, isOneOf, timestamptz } from "./columns";
import { users } from "./users";

export const VIDEO_CHARGES = ["trial", "credit"] as const;

/** An upload and, once processed, its result. The job's truth lives here, not in the queue. */
export const videos = pgTable(
  "videos",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    anonymousSessionId: uuid("anonymous_session_id").references(() => anonymousSessions.id, {
      onDelete: "set null",
    }),
    originalFilename: text("original_filename").notNull(),
    uploadFilename: text("upload_filename").notNull().unique(),
    resultFilename: text("result_filename").unique(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    media: jsonb("media").$type<MediaInfo>().notNull(),
    method: text("method", { enum: METHODS }),
    rectangles: jsonb("rectangles").$type<Rectangle[]>(),
    watermarkCount: integer("watermark_count").notNull().default(0),
    status: text("status", { enum: VIDEO_STATUSES }).notNull().default("uploaded"),
    progress: integer("progress").notNull().default(0),
    /** Seconds the encoding took. */
    processingTime: real("processing_time"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** The encoder node that last took the job, and the FFmpeg encoder that wrote the result. */
    encoderNode: text("encoder_node"),
    videoEncoder: text("video_encoder"),
    /** What processing this video cost its owner, given back once if it fails. */
    charge: text("charge", { enum: VIDEO_CHARGES }),
    /** The network block whose trial allowance the video used (charge "trial"). */
    chargedIpBlock: text("charged_ip_block"),
    chargeReturnedAt: timestamptz("charge_returned_at"),
    createdAt: createdAt(),
    queuedAt: timestamptz("queued_at"),
    startedAt: timestamptz("started_at"),
    completedAt: timestamptz("completed_at"),
    resultExpiresAt: timestamptz("result_expires_at"),
    uploadDeletedAt: timestamptz("upload_deleted_at"),
    resultDeletedAt: timestamptz("result_deleted_at"),
  },
  (t) => [
    check("videos_status_check", isOneOf(t.status, VIDEO_STATUSES)),
    check("videos_method_check", isOneOf(t.method, METHODS)),
    check("videos_charge_check", isOneOf(t.charge, VIDEO_CHARGES)),
    index("videos_status_idx").on(t.status),
    index("videos_result_expires_at_idx").on(t.resultExpiresAt),
    index("videos_user_id_idx").on(t.userId),
    index("videos_created_at_idx").on(t.createdAt),
  ],
);

export type Video = typeof videos.$inferSelect;
export type NewVideo = typeof videos.$inferInsert;
