import { rm } from "node:fs/promises";
import type { MediaInfo, Method, Rectangle } from "@wr/contracts";
import { abortError } from "./ffmpeg/tool-failure";
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
};

/**
 * Removes the marked areas with the chosen method and writes an MP4 to outputPath exactly.
 * On failure nothing is left at outputPath.
 */
export async function processVideo(options: ProcessVideoOptions): Promise<void> {
  if (options.signal?.aborted) throw abortError(options.signal.reason);
  const run: RunContext = { ...options, regions: toRegions(options.rectangles, options.media) };
  try {
    if (options.method === "smartfill") await runSmartfill(run);
    else await runFilterMethod(run, options.method);
  } catch (error) {
    await rm(options.outputPath, { force: true });
    throw error;
  }
}
