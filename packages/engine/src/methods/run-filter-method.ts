import { ffmpegPath } from "../binaries";
import { startDeadline } from "../ffmpeg/deadline";
import { startTool } from "../ffmpeg/start-tool";
import { ffmpegFailure } from "../ffmpeg/tool-failure";
import { watchProgress } from "../ffmpeg/watch-progress";
import type { FilterMethod } from "../filters/filter-graph";
import type { EncoderRung } from "../hardware/encoder-profiles";
import { type RunContext, runPaths } from "../run-context";
import { filterMethodArgs } from "./filter-method-args";

/** One ffmpeg run with the method's filter graph, progress read from its stdout. */
export async function runFilterMethod(
  run: RunContext,
  method: FilterMethod,
  rung?: EncoderRung,
): Promise<void> {
  const args = filterMethodArgs({ ...run, method, rung });
  const deadline = startDeadline(run.timeoutMs, run.signal);
  try {
    const ffmpeg = startTool(ffmpegPath(), args, {
      stdin: "ignore",
      stdout: "pipe",
      signal: deadline.signal,
    });
    const totals = { frameCount: run.media.frameCount, durationS: run.media.duration };
    const progress = ffmpeg.stdout
      ? watchProgress(ffmpeg.stdout, totals, run.onProgress).catch(() => {})
      : Promise.resolve();
    const exit = await ffmpeg.exit;
    await progress;
    const failure = ffmpegFailure(exit, runPaths(run));
    if (failure) throw failure;
  } finally {
    deadline.dispose();
  }
}
