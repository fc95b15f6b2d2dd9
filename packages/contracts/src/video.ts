import { z } from "zod";
import { methodSchema } from "./methods";
import { rectangleSchema } from "./rectangle";

export const VIDEO_STATUSES = ["uploaded", "queued", "processing", "completed", "failed"] as const;
export const videoStatusSchema = z.enum(VIDEO_STATUSES);
export type VideoStatus = z.infer<typeof videoStatusSchema>;

/** Names the server makes for stored files: 128 random bits in hex and a known extension. */
export const STORED_NAME_PATTERN = /^[0-9a-f]{32}\.(mp4|mov|mkv|webm|avi|ts)$/;
export const storedFilenameSchema = z
  .string()
  .regex(STORED_NAME_PATTERN, "Unknown file: use the filename the upload returned");

export const processInputSchema = z.object({
  filename: z.string({ error: "filename is required" }).min(1, "filename is required"),
  rectangles: z.array(rectangleSchema, { error: "rectangles must be a list of areas" }),
  method: methodSchema,
});
export type ProcessInput = z.infer<typeof processInputSchema>;

export const jobIdSchema = z.object({ jobId: z.string().uuid() });

export const jobStatusSchema = z.object({
  jobId: z.string(),
  status: videoStatusSchema,
  progress: z.number().min(0).max(100),
  filename: z.string().nullable(),
  error: z.string().nullable(),
  processingTime: z.number().nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** What ffprobe told us about an accepted upload; kept on the video row. */
export const mediaInfoSchema = z.object({
  container: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  duration: z.number(),
  fps: z.number(),
  frameRate: z.string(),
  frameCount: z.number().int(),
  videoCodec: z.string(),
  hasAudio: z.boolean(),
  audioCodec: z.string().nullable(),
});
export type MediaInfo = z.infer<typeof mediaInfoSchema>;
