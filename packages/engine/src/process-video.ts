import { rm } from "node:fs/promises";
import type { MediaInfo, Method, Rectangle, VideoEncoder } from "@wr/contracts";
import { abortError } from "./ffmpeg/tool-failure";
import { type EncoderChoice, SOFTWARE_RUNG } from "./hardware/encoder-profiles";
import { runOnLadder } from "./hardware/run-on-ladder";
import { runFilterMethod } from "./methods/run-filter-method";
import { toRegions } from "./regions";
import type { RunContext } from "./run-context";
import { runSmartfill } from "./smartfill/run-smartfill";

export type ProcessVideoOptions = {
  inputPath: string;
  outputPath: string;
  media: MediaInfo;
  method: Method;
  rectangles: Rectangle[];
  /** Wall-clock limit for the whole run; ffmpeg is killed past it (FfmpegError). */
  timeoutMs: number;
  /** 0..100, increasing; 100 once the output is complete. */
  onProgress?: (percent: number) => void;
  /** Aborting kills ffmpeg; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * The encoder that passed this node's trial (libx264 when absent). A hardware encoder that
   * fails during the job falls back, for this job, to software decode, then to libx264.
   */
  encoder?: EncoderChoice;
};

export type ProcessedVideo = {
  /** The encoder that wrote the output. */
  videoEncoder: VideoEncoder;
  /** Why each hardware path that was tried first did not work. */
  fallbacks: string[];
};

/**
 * Removes the marked areas with the chosen method and writes an MP4 to outputPath exactly.
 * On failure nothing is left at outputPath.
 */
export async function processVideo(options: ProcessVideoOptions): Promise<void> {
  await processVideoReporting(options);
}

/** processVideo, telling which encoder wrote the output and which hardware paths failed. */
export async function processVideoReporting(options: ProcessVideoOptions): Promise<ProcessedVideo> {
  if (options.signal?.aborted) throw abortError(options.signal.reason);
  const run: RunContext = { ...options, regions: toRegions(options.rectangles, options.media) };
  const { method } = options;
  try {
    // Smart fill encodes frames it computed itself, from a pipe, with libx264.
    if (method === "smartfill") {
      await runSmartfill(run);
      return { videoEncoder: SOFTWARE_RUNG.encoder, fallbacks: [] };
    }
    return await runOnLadder(run, options.encoder ?? SOFTWARE_RUNG, (rungRun, rung) =>
      runFilterMethod(rungRun, method, rung),
    );
  } catch (error) {
    await rm(options.outputPath, { force: true });
    throw error;
  }
}
