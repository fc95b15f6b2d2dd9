import { rm } from "node:fs/promises";
import {
  type EncoderChoice,
  FfmpegError,
  MediaRejectedError,
  processVideoReporting,
} from "@wr/engine";
import { type JobContext, JobHandedBack, PermanentJobError } from "@wr/queue";
import type { JobSite } from "./job-site";

const PROGRESS_WRITE_MS = 500;

export type RunJobOptions = {
  timeoutMs: number;
  /** The encoder that passed this node's trial; libx264 when absent. */
  encoder?: EncoderChoice;
  log?: (line: string) => void;
};

/**
 * A node's side of a job, wherever its files live: claim it, run the engine, hand over the
 * output, and record the outcome. Safe to deliver twice: an ended job is not claimed again, and
 * the site records a completion once. Throws to ask the queue for a retry.
 */
export async function runJob(
  site: JobSite,
  videoId: string,
  job: JobContext,
  options: RunJobOptions,
): Promise<void> {
  const claimed = await site.claim(videoId);
  if (!claimed) return;
  const scratch = site.scratchPath(videoId);
  const progress = progressWriter(site, videoId, job);
  let input: Awaited<ReturnType<typeof claimed.input>> | null = null;
  try {
    input = await claimed.input();
    const processed = await processVideoReporting({
      inputPath: input.path,
      outputPath: scratch,
      media: claimed.job.media,
      method: claimed.job.method,
      rectangles: claimed.job.rectangles,
      timeoutMs: options.timeoutMs,
      onProgress: progress.report,
      signal: job.signal,
      encoder: options.encoder,
    });
    for (const note of processed.fallbacks) options.log?.(`${videoId}: ${note}`);
    await progress.flush();
    await site.complete(videoId, scratch, processed);
    options.log?.(`${videoId}: completed with ${processed.videoEncoder}`);
  } catch (error) {
    await progress.flush();
    if (job.signal.reason instanceof JobHandedBack) {
      await site.release(videoId);
      throw error;
    }
    // The same input would fail the same way again: only other faults are worth a retry.
    const permanent =
      error instanceof FfmpegError ||
      error instanceof MediaRejectedError ||
      error instanceof PermanentJobError ||
      error instanceof RangeError;
    const message = error instanceof Error ? error.message : String(error);
    const final = permanent || job.attempt >= job.maxAttempts;
    options.log?.(
      `${videoId}: attempt ${job.attempt} failed${final ? " (final)" : ""}: ${message}`,
    );
    await site.fail(videoId, message, final);
    if (!final) throw error;
  } finally {
    await rm(scratch, { force: true });
    await input?.release();
  }
}

/** Writes progress to the row and the queue at most every PROGRESS_WRITE_MS. */
function progressWriter(site: JobSite, videoId: string, job: JobContext) {
  let lastWrite = 0;
  let written = -1;
  let pending = Promise.resolve();
  const write = (percent: number) => {
    written = percent;
    lastWrite = Date.now();
    pending = pending
      .then(async () => {
        await site.progress(videoId, percent);
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
