import { type ClaimedJob, ENCODER_MESSAGES } from "@wr/contracts";
import { videos } from "@wr/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { AppError, notFound } from "../errors";
import { findVideoById } from "../videos/find-video";
import { recordFailure } from "./record-outcome";

export type Claim = { job: ClaimedJob; inputPath: string };

/**
 * An encoder node takes a job: the row says processing (one more attempt, by this node) and the
 * node gets what it needs to run it. Null when there is nothing to do: the job already ended
 * (a re-delivery), or its upload is gone (then the job fails here). Unknown videos are 404,
 * rows no one asked to process 409: retrying cannot help either.
 */
export async function claimJob(
  ctx: ServiceContext,
  input: { videoId: string; node: string },
): Promise<Claim | null> {
  const video = await findVideoById(ctx, input.videoId);
  if (!video) throw notFound("Video not found");
  if (video.status === "completed" || video.status === "failed") return null;
  if (!video.method || !video.rectangles || video.status === "uploaded") {
    throw new AppError("CONFLICT", ENCODER_MESSAGES.jobNotRunnable);
  }
  const inputPath = ctx.storage.pathOf("uploads", video.uploadFilename);
  if (!inputPath || video.uploadDeletedAt || (await ctx.storage.size(inputPath)) === null) {
    await recordFailure(ctx, video.id, "The uploaded file is no longer there");
    return null;
  }
  const claimed = await ctx.db
    .update(videos)
    .set({
      status: "processing",
      startedAt: new Date(),
      progress: 0,
      attempts: sql`${videos.attempts} + 1`,
      encoderNode: input.node,
    })
    .where(and(eq(videos.id, video.id), inArray(videos.status, ["queued", "processing"])))
    .returning({ id: videos.id });
  if (claimed.length === 0) return null;
  const job = {
    videoId: video.id,
    method: video.method,
    rectangles: video.rectangles,
    media: video.media,
  };
  return { job, inputPath };
}
