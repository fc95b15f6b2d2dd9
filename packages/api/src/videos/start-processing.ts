import {
  findRectangleProblem,
  MESSAGES,
  methodUsesTimeRange,
  type ProcessInput,
  STORED_NAME_PATTERN,
} from "@wr/contracts";
import { videos } from "@wr/db";
import { and, eq, isNull } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { AppError, badRequest, notFound, unavailable } from "../errors";

/**
 * Checks the request against the uploaded video, records method and areas on its row and
 * hands the job to the queue. Returns at once with the job id (the video's id).
 */
export async function startProcessing({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: ProcessInput;
}): Promise<{ jobId: string }> {
  if (!STORED_NAME_PATTERN.test(input.filename)) throw notFound(MESSAGES.videoNotFound);
  const [video] = await ctx.db
    .select()
    .from(videos)
    .where(eq(videos.uploadFilename, input.filename))
    .limit(1);
  if (!video || video.uploadDeletedAt) throw notFound(MESSAGES.videoNotFound);
  if (video.status !== "uploaded") throw new AppError("CONFLICT", MESSAGES.alreadyProcessed);

  const problem = findRectangleProblem(input.rectangles, video.media);
  if (problem) throw badRequest(problem);
  const rectangles = methodUsesTimeRange(input.method)
    ? input.rectangles
    : input.rectangles.map(({ x, y, width, height }) => ({ x, y, width, height }));

  const claimed = await ctx.db
    .update(videos)
    .set({
      status: "queued",
      method: input.method,
      rectangles,
      watermarkCount: rectangles.length,
      queuedAt: new Date(),
    })
    .where(
      and(eq(videos.id, video.id), eq(videos.status, "uploaded"), isNull(videos.uploadDeletedAt)),
    )
    .returning({ id: videos.id });
  if (claimed.length === 0) throw new AppError("CONFLICT", MESSAGES.alreadyProcessed);

  try {
    await ctx.queue.enqueue(video.id);
  } catch {
    await ctx.db
      .update(videos)
      .set({ status: "uploaded", method: null, rectangles: null, queuedAt: null })
      .where(eq(videos.id, video.id));
    throw unavailable(MESSAGES.queueUnavailable);
  }
  return { jobId: video.id };
}
