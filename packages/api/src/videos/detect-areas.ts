import { type DetectInput, type DetectResult, MESSAGES } from "@wr/contracts";
import { detectWatermarks, MediaRejectedError } from "@wr/engine";
import type { Actor } from "../auth/actor";
import { checkCharge } from "../charges/check-charge";
import type { ServiceContext } from "../context";
import { AppError, notFound } from "../errors";
import { Semaphore } from "../semaphore";
import { findUploadToProcess } from "./find-video";

/** Detection reads the whole video: one at a time in this process, the others wait. */
const detections = new Semaphore(1);

/**
 * Suggests where the watermarks of an upload are, before it is processed. The caller must be
 * allowed to process it (the same rules, the same refusals), but nothing is used up: no trial
 * slot, no credit. `signal` (the request's) stops the search when the caller goes away.
 */
export async function detectAreas({
  ctx,
  actor,
  input,
  signal,
}: {
  ctx: ServiceContext;
  actor: Actor;
  input: DetectInput;
  signal?: AbortSignal;
}): Promise<DetectResult> {
  const video = await findUploadToProcess(ctx, actor, input.filename);
  await checkCharge(ctx, actor);

  const release = await detections.acquire(signal);
  try {
    // Looked for once it is our turn: a job may have used the upload up meanwhile.
    const inputPath = ctx.storage.pathOf("uploads", video.uploadFilename);
    if (!inputPath || (await ctx.storage.size(inputPath)) === null) {
      throw notFound(MESSAGES.videoNotFound);
    }
    const areas = await detectWatermarks({
      inputPath,
      media: video.media,
      timeoutMs: ctx.config.detectTimeoutMs,
      signal,
    });
    return { success: true, areas };
  } catch (error) {
    if (signal?.aborted || error instanceof AppError) throw error;
    if (error instanceof MediaRejectedError) throw new AppError("UNSUPPORTED_MEDIA", error.message);
    // The engine's message may hold paths and ffmpeg's output: for the operator's log only.
    console.error(`Watermark detection failed for video ${video.id}:`, error);
    throw new AppError("INTERNAL", MESSAGES.detectionFailed);
  } finally {
    release();
  }
}
