import { ENCODER_MESSAGES } from "@wr/contracts";
import type { ServiceContext } from "../context";
import { AppError, notFound } from "../errors";
import { findVideoById } from "../videos/find-video";

/** The upload of a job a node has claimed, for a remote node to download. */
export async function openJobInput(
  ctx: ServiceContext,
  input: { videoId: string },
): Promise<{ path: string; size: number }> {
  const video = await findVideoById(ctx, input.videoId);
  if (!video) throw notFound("Video not found");
  if (video.status !== "processing")
    throw new AppError("CONFLICT", ENCODER_MESSAGES.jobNotRunnable);
  const path = ctx.storage.pathOf("uploads", video.uploadFilename);
  const size = path ? await ctx.storage.size(path) : null;
  if (!path || size === null) throw notFound("The uploaded file is no longer there");
  return { path, size };
}
