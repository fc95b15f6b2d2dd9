import type { Readable } from "node:stream";
import { reportProgress } from "../report-progress";
import { type ProgressTotals, progressPercent } from "./progress";

/**
 * Reads ffmpeg's `-progress` stream, calling onProgress once per block with a percent that only
 * goes up. Resolves when the stream ends.
 */
export async function watchProgress(
  stream: Readable,
  totals: ProgressTotals,
  onProgress: ((percent: number) => void) | undefined,
): Promise<void> {
  let block: string[] = [];
  let partial = "";
  let last = -1;
  stream.setEncoding("utf8");
  for await (const text of stream as AsyncIterable<string>) {
    const lines = (partial + text).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      block.push(line);
      if (!line.startsWith("progress=")) continue;
      const percent = progressPercent(block, totals);
      block = [];
      if (percent !== null && percent > last) {
        last = percent;
        reportProgress(onProgress, percent);
      }
    }
  }
}
