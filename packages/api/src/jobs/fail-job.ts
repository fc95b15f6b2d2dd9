import { videos } from "@wr/db";
import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { findVideoById } from "../videos/find-video";
import { recordFailure, removeUpload } from "./record-outcome";

/**
 * A run of the job failed. The last one (or one that retrying cannot help) fails the video,
 * keeping the error on its row, and deletes the upload; otherwise the row waits for the retry,
 * with the error of this attempt.
 */
export async function failJob(
  ctx: ServiceContext,
  input: { videoId: string; message: string; final: boolean },
): Promise<void> {
  if (!input.final) {
    await ctx.db
      .update(videos)
      .set({ status: "queued", error: input.message })
      .where(and(eq(videos.id, input.videoId), eq(videos.status, "processing")));
    return;
  }
  await recordFailure(ctx, input.videoId, input.message);
  const video = await findVideoById(ctx, input.videoId);
  const uploadPath = video && ctx.storage.pathOf("uploads", video.uploadFilename);
  if (uploadPath && !video.uploadDeletedAt) await removeUpload(ctx, video.id, uploadPath);
}

/** A node that shut down handed the job back: the row waits for another node, no error. */
export async function releaseJob(ctx: ServiceContext, input: { videoId: string }): Promise<void> {
  await ctx.db
    .update(videos)
    .set({ status: "queued", progress: 0 })
    .where(and(eq(videos.id, input.videoId), eq(videos.status, "processing")));
}

/** Progress of a running job, on its row (the job's truth). */
export async function recordProgress(
  ctx: ServiceContext,
  input: { videoId: string; percent: number },
): Promise<void> {
  await ctx.db
    .update(videos)
    .set({ progress: Math.max(0, Math.min(99, Math.floor(input.percent))) })
    .where(and(eq(videos.id, input.videoId), eq(videos.status, "processing")));
}
