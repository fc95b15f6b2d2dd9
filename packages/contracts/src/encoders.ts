import { z } from "zod";
import { methodSchema } from "./methods";
import { rectangleSchema } from "./rectangle";
import { mediaInfoSchema } from "./video";

/** The H.264 encoders a node may use: the software one, and two hardware ones tried at start. */
export const VIDEO_ENCODERS = ["libx264", "h264_nvenc", "h264_vaapi"] as const;
export const videoEncoderSchema = z.enum(VIDEO_ENCODERS);
export type VideoEncoder = z.infer<typeof videoEncoderSchema>;
export type HardwareEncoder = Exclude<VideoEncoder, "libx264">;
export const HARDWARE_ENCODERS: readonly HardwareEncoder[] = ["h264_nvenc", "h264_vaapi"];

/** One candidate's one-second trial encode at start-up. */
export const encoderTrialSchema = z.object({
  encoder: videoEncoderSchema,
  ok: z.boolean(),
  /** Why it failed (ffmpeg's last words), or null. */
  error: z.string().nullable(),
  ms: z.number(),
});
export type EncoderTrial = z.infer<typeof encoderTrialSchema>;

/** What `encoder probe` prints and a node announces: its FFmpeg and what really encodes. */
export const hardwareReportSchema = z.object({
  ffmpeg: z.string().nullable(),
  trials: z.array(encoderTrialSchema),
  /** Encoders that passed their trial, best first; libx264 last when it works. */
  encoders: z.array(videoEncoderSchema),
  /** What jobs use: the first encoder that passed. */
  chosen: videoEncoderSchema,
});
export type HardwareReport = z.infer<typeof hardwareReportSchema>;

/** An encoder node as its heartbeat describes it; it leaves the pool when heartbeats stop. */
export const encoderNodeSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  /** "shared": reads and writes DATA_DIR; "remote": files over the internal API; "embedded". */
  mode: z.enum(["shared", "remote", "embedded"]),
  encoders: z.array(videoEncoderSchema),
  chosen: videoEncoderSchema,
  concurrency: z.number().int(),
  /** Video ids of the jobs it is running now. */
  currentJobs: z.array(z.string()),
  startedAt: z.string(),
  lastSeen: z.string(),
});
export type EncoderNode = z.infer<typeof encoderNodeSchema>;

/** The pool as GET /api/health and the admin stats show it. */
export type EncoderPool = {
  nodes: EncoderNode[];
  /** Jobs waiting in the queue (including retries waiting for their backoff). */
  queueDepth: number;
  jobsRunning: number;
};

// The internal API between the server and encoder nodes that do not share its disk.

/** What a node needs to run a job it claimed. */
export const claimedJobSchema = z.object({
  videoId: z.string(),
  method: methodSchema,
  rectangles: z.array(rectangleSchema),
  media: mediaInfoSchema,
});
export type ClaimedJob = z.infer<typeof claimedJobSchema>;

export const claimInputSchema = z.object({ node: z.string().min(1).max(200) });
/** `job: null` when there is nothing to do (already completed, failed, or its upload is gone). */
export const claimAnswerSchema = z.object({ job: claimedJobSchema.nullable() });

export const progressInputSchema = z.object({ percent: z.number().min(0).max(100) });

export const failureInputSchema = z.object({
  message: z.string().max(2000),
  /** No retry follows: record the failure. Otherwise the row goes back to queued. */
  final: z.boolean(),
});

/** Headers the output upload carries besides the bytes. */
export const ENCODED_BY_HEADER = "x-encoded-by";
export const VIDEO_ENCODER_HEADER = "x-video-encoder";

export const completeAnswerSchema = z.object({
  /** False when the job had already completed (a re-run): this output was discarded. */
  recorded: z.boolean(),
});

export const ENCODER_MESSAGES = {
  badToken: "Unknown encoder token",
  jobNotRunnable: "This job is not waiting for an encoder",
  lengthRequired: "Send the output with its Content-Length",
  outputTooLarge: "The output is larger than this server accepts",
  outputIncomplete: "The output did not arrive whole",
} as const;
