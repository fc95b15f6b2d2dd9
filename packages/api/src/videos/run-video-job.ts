import { users, videos } from "@wr/db";
import { FfmpegError, MediaRejectedError, processVideo } from "@wr/engine";
import { type JobContext, PermanentJobError } from "@wr/queue";
import { and, eq, inArray, sql } from "drizzle-orm";
import { returnCharge } from "../charges/return-charge";
import type { ServiceContext } from "../context";
import { Storage } from "../storage";
import { findVideoById } from "./find-video";

const PROGRESS_WRITE_MS = 500;

/**
 * The worker's side of a job: run the engine on the upload, publish the result under a
 * server-made name, record the outcome on the row, and delete the upload whatever happened.
 * Safe to deliver twice: a completed or failed row is left as it is.
 */
export async function runVideoJob(
  ctx: ServiceContext,
  videoId: string,
  job: JobContext,
): Promise<void> {
  const video = await findVideoById(ctx, videoId);
  if (!video) throw new PermanentJobError(`Video ${videoId} does not exist`);
  if (video.status === "completed" || video.status === "failed") return;
  if (!video.method || !video.rectangles) throw new PermanentJobError("The job has no method");

  const inputPath = ctx.storage.pathOf("uploads", video.uploadFilename);
  if (!inputPath || (await ctx.storage.size(inputPath)) === null) {
    await fail(ctx, videoId, "The uploaded file is no longer there");
    return;
  }

  const startedAt = new Date();
  await ctx.db
    .update(videos)
    .set({ status: "processing", startedAt, progress: 0, attempts: sql`${videos.attempts} + 1` })
    .where(eq(videos.id, videoId));

  const scratch = ctx.storage.scratchPath(videoId);
  const progress = progressWriter(ctx, videoId, job);
  try {
    await processVideo({
      inputPath,
      outputPath: scratch,
      media: video.media,
      method: video.method,
      rectangles: video.rectangles,
      timeoutMs: ctx.config.jobTimeoutMs,
      onProgress: progress.report,
      signal: job.signal,
    });
    await progress.flush();
    const resultFilename = Storage.newName("mp4");
    await ctx.storage.moveInto("results", scratch, resultFilename);
    const completedAt = new Date();
    const recorded = await finish(ctx, videoId, {
      status: "completed",
      resultFilename,
      progress: 100,
      error: null,
      completedAt,
      processingTime: (completedAt.getTime() - startedAt.getTime()) / 1000,
      resultExpiresAt: new Date(completedAt.getTime() + ctx.config.resultLifetimeMs),
    });
    if (!recorded) await ctx.storage.remove(ctx.storage.pathOf("results", resultFilename) ?? "");
    if (recorded && video.userId) await countProcessedVideo(ctx, video.userId);
    await removeUpload(ctx, videoId, inputPath);
  } catch (error) {
    await progress.flush();
    await ctx.storage.remove(scratch);
    // The same input would fail the same way again: only other faults are worth a retry.
    const permanent =
      error instanceof FfmpegError ||
      error instanceof MediaRejectedError ||
      error instanceof PermanentJobError ||
      error instanceof RangeError;
    const message = error instanceof Error ? error.message : String(error);
    if (permanent || job.attempt >= job.maxAttempts) {
      await fail(ctx, videoId, message);
      await removeUpload(ctx, videoId, inputPath);
      return;
    }
    await ctx.db
      .update(videos)
      .set({ status: "queued", error: message })
      .where(eq(videos.id, videoId));
    throw error;
  }
}

type Outcome = Partial<typeof videos.$inferInsert> & { status: "completed" | "failed" };

/** Records the outcome once: only a row still queued or processing changes. */
async function finish(ctx: ServiceContext, videoId: string, outcome: Outcome): Promise<boolean> {
  const changed = await ctx.db
    .update(videos)
    .set(outcome)
    .where(and(eq(videos.id, videoId), inArray(videos.status, ["queued", "processing"])))
    .returning({ id: videos.id });
  return changed.length > 0;
}

/** Records the failure once, and gives back what the processing cost. */
async function fail(ctx: ServiceContext, videoId: string, error: string): Promise<void> {
  if (await finish(ctx, videoId, { status: "failed", error })) await returnCharge(ctx, videoId);
}

async function countProcessedVideo(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.db
    .update(users)
    .set({ totalVideosProcessed: sql`${users.totalVideosProcessed} + 1` })
    .where(eq(users.id, userId));
}

async function removeUpload(ctx: ServiceContext, videoId: string, path: string): Promise<void> {
  await ctx.storage.remove(path);
  await ctx.db.update(videos).set({ uploadDeletedAt: new Date() }).where(eq(videos.id, videoId));
}

/** Writes progress to the row (the job's truth) at most every PROGRESS_WRITE_MS. */
function progressWriter(ctx: ServiceContext, videoId: string, job: JobContext) {
  let lastWrite = 0;
  let written = -1;
  let pending = Promise.resolve();
  const write = (percent: number) => {
    written = percent;
    lastWrite = Date.now();
    pending = pending
      .then(async () => {
        await ctx.db
          .update(videos)
          .set({ progress: percent })
          .where(and(eq(videos.id, videoId), eq(videos.status, "processing")));
        await job.reportProgress(percent);
      })
      .catch(() => {});
  };
  return {
    report(percent: number) {
      const rounded = Math.max(0, Math.min(99, Math.floor(percent)));
      if (rounded !== written && Date.now() - lastWrite >= PROGRESS_WRITE_MS) write(rounded);
    },
    flush: () => pending,
  };
}
