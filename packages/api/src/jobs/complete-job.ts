import type { VideoEncoder } from "@wr/contracts";
import { users } from "@wr/db";
import { eq, sql } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { Storage } from "../storage";
import { findVideoById } from "../videos/find-video";
import { recordOutcome, removeUpload } from "./record-outcome";

/**
 * Publishes a finished output (a complete file in scratch space) under a server-made name and
 * records the completion once. When the job had already completed (it ran twice), this output
 * is discarded and nothing changes. The upload is deleted either way.
 */
export async function completeJob(
  ctx: ServiceContext,
  input: { videoId: string; outputPath: string; node: string; videoEncoder: VideoEncoder },
): Promise<{ recorded: boolean }> {
  const video = await findVideoById(ctx, input.videoId);
  if (!video || video.status === "completed" || video.status === "failed") {
    await ctx.storage.remove(input.outputPath);
    return { recorded: false };
  }
  const resultFilename = Storage.newName("mp4");
  const resultPath = await ctx.storage.moveInto("results", input.outputPath, resultFilename);
  const completedAt = new Date();
  const startedAt = video.startedAt ?? completedAt;
  const recorded = await recordOutcome(ctx, video.id, {
    status: "completed",
    resultFilename,
    progress: 100,
    error: null,
    completedAt,
    processingTime: (completedAt.getTime() - startedAt.getTime()) / 1000,
    resultExpiresAt: new Date(completedAt.getTime() + ctx.config.resultLifetimeMs),
    encoderNode: input.node,
    videoEncoder: input.videoEncoder,
  });
  if (!recorded) await ctx.storage.remove(resultPath);
  if (recorded && video.userId) {
    await ctx.db
      .update(users)
      .set({ totalVideosProcessed: sql`${users.totalVideosProcessed} + 1` })
      .where(eq(users.id, video.userId));
  }
  const uploadPath = ctx.storage.pathOf("uploads", video.uploadFilename);
  if (uploadPath) await removeUpload(ctx, video.id, uploadPath);
  return { recorded };
}
