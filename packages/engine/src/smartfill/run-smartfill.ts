import { MESSAGES } from "@wr/contracts";
import { ffmpegPath } from "../binaries";
import { FfmpegError } from "../errors";
import { startDeadline } from "../ffmpeg/deadline";
import { startTool, type ToolExit } from "../ffmpeg/start-tool";
import { ffmpegFailure, hidePaths } from "../ffmpeg/tool-failure";
import { reportProgress } from "../report-progress";
import { type RunContext, runPaths } from "../run-context";
import { eachFrame, type FrameTransform } from "./frame-transform";
import { readFrames } from "./read-frames";
import { decodeArgs, encodeFromPipeArgs } from "./smartfill-args";
import { createSpatialFiller } from "./spatial-fill";
import { writeFrame } from "./write-frame";
import { yuv420Layout } from "./yuv-layout";

/** Why we stopped the other process ourselves when one side of the pipeline failed. */
class PipelineBroken extends Error {}

/** The smartfill algorithm in use; replace this to change how the regions are filled. */
export function defaultSmartfill(run: RunContext): FrameTransform {
  const layout = yuv420Layout(run.media.width, run.media.height);
  return eachFrame(createSpatialFiller(layout, run.regions));
}

/**
 * Decoder -> frame transform -> encoder, all streaming. Any failure, the time limit or the
 * caller's abort kills both ffmpeg processes, and both are awaited before this settles.
 */
export async function runSmartfill(
  run: RunContext,
  transform: FrameTransform = defaultSmartfill(run),
): Promise<void> {
  const layout = yuv420Layout(run.media.width, run.media.height);
  const deadline = startDeadline(run.timeoutMs, run.signal);
  const decoder = startTool(ffmpegPath(), decodeArgs(run.media, run.inputPath), {
    stdin: "ignore",
    stdout: "pipe",
    signal: deadline.signal,
  });
  const encoder = startTool(
    ffmpegPath(),
    encodeFromPipeArgs(run.media, run.inputPath, run.outputPath),
    { stdin: "pipe", stdout: "ignore", signal: deadline.signal },
  );
  let pipelineError: unknown = null;
  try {
    await pump(decoder, encoder, transform, layout.frameSize, run);
  } catch (error) {
    pipelineError = error;
    deadline.abort(new PipelineBroken());
  }
  const [decoded, encoded] = await Promise.all([decoder.exit, encoder.exit]);
  deadline.dispose();
  const failure = pipelineFailure(decoded, encoded, pipelineError, runPaths(run));
  if (failure) throw failure;
  reportProgress(run.onProgress, 100);
}

type Tool = ReturnType<typeof startTool>;

async function pump(
  decoder: Tool,
  encoder: Tool,
  transform: FrameTransform,
  frameSize: number,
  run: RunContext,
): Promise<void> {
  if (!decoder.stdout || !encoder.stdin) throw new Error("ffmpeg pipes are missing");
  const frames = transform(readFrames(decoder.stdout, frameSize));
  const total = Math.max(1, run.media.frameCount);
  let written = 0;
  let reported = -1;
  for await (const frame of frames) {
    await writeFrame(encoder.stdin, frame, encoder.exit);
    written++;
    const percent = Math.min(99, Math.floor((written / total) * 100));
    if (percent > reported) {
      reported = percent;
      reportProgress(run.onProgress, percent);
    }
  }
  const decoded = await decoder.exit;
  if (decoded.code !== 0) throw new PipelineBroken();
  if (written === 0) throw new Error("The video has no frames we could decode");
  encoder.stdin.end();
}

/**
 * The error to report, most telling first: the time limit or the caller's abort, then the
 * process that failed on its own (its stderr says why), then a failure of our own code.
 */
function pipelineFailure(
  decoded: ToolExit,
  encoded: ToolExit,
  pipelineError: unknown,
  paths: Record<string, string>,
): Error | null {
  const stoppedByUs = (exit: ToolExit) => exit.stoppedBecause instanceof PipelineBroken;
  const stoppedFromOutside = (exit: ToolExit) =>
    exit.stoppedBecause !== undefined && !stoppedByUs(exit);
  const endedAlone = (exit: ToolExit) => exit.stoppedBecause === undefined;
  for (const pick of [stoppedFromOutside, endedAlone]) {
    for (const exit of [encoded, decoded]) {
      const failure = pick(exit) ? ffmpegFailure(exit, paths) : null;
      if (failure) return failure;
    }
  }
  if (pipelineError === null && encoded.code === 0) return null;
  const reason = pipelineError instanceof Error ? pipelineError.message : "the pipeline broke";
  return new FfmpegError(MESSAGES.processingFailed, hidePaths(reason, paths));
}
