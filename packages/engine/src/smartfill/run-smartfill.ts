import { MESSAGES } from "@wr/contracts";
import { ffmpegPath } from "../binaries";
import { FfmpegError } from "../errors";
import { type Deadline, startDeadline } from "../ffmpeg/deadline";
import { readFrames } from "../ffmpeg/read-frames";
import { readRawFrames } from "../ffmpeg/read-raw-frames";
import { startTool, type ToolExit } from "../ffmpeg/start-tool";
import { ffmpegFailure, hidePaths, stoppedError } from "../ffmpeg/tool-failure";
import type { Region } from "../regions";
import { reportProgress } from "../report-progress";
import { type RunContext, runPaths } from "../run-context";
import { eachFrame, type FrameTransform } from "./frame-transform";
import { createMarkLearner, type LearntMarks, type RegionPlan, sampleStep } from "./learn-marks";
import { cropSample, showsMark } from "./mark-model";
import { createPlateFiller } from "./plate-fill";
import { decodeArgs, encodeFromPipeArgs, sampleArgs } from "./smartfill-args";
import { createSpatialFiller, DEFAULT_SPATIAL_FILL, type FrameFiller } from "./spatial-fill";
import { createUnblender } from "./unblend";
import { writeFrame } from "./write-frame";
import { type YuvLayout, yuv420Layout } from "./yuv-layout";

/** Why we stopped the other process ourselves when one side of the pipeline failed. */
class PipelineBroken extends Error {}

/** Share of the progress bar the learning pass takes. */
const LEARNING_SHARE = 15;

/**
 * Smart fill from what was learnt: regions with a learnt mark have its blend inverted, the
 * others are filled from their border, steadied over time (or kept, see RegionPlan); either
 * only in the frames that show the mark when it was found. Where frames without the mark show
 * a still picture beneath it, that picture is used first (plate-fill.ts).
 */
export function smartfillFrom(run: RunContext, marks: LearntMarks): FrameTransform {
  const layout = yuv420Layout(run.media.width, run.media.height);
  const fillers = run.regions.map((region, index) => {
    const plan = marks[index] ?? { kind: "fill", model: null, always: true };
    const filler = regionFiller(layout, region, plan);
    return plan.plate && plan.model ? createPlateFiller(plan.model, plan.plate, filler) : filler;
  });
  return eachFrame((frame) => {
    for (const fill of fillers) fill(frame);
  });
}

function regionFiller(layout: YuvLayout, region: Region, plan: RegionPlan): FrameFiller {
  if (plan.kind === "keep") return () => {};
  if (plan.kind === "invert") {
    const { always, strength, edges } = plan;
    return createUnblender(plan.model, { always, strength, ...(edges ? { edges } : {}) });
  }
  const border = createSpatialFiller(layout, region, DEFAULT_SPATIAL_FILL, plan.edges);
  const model = plan.model;
  if (!model || plan.always) return border;
  return (frame: Uint8Array) => {
    if (showsMark(model, cropSample(frame, model))) border(frame);
  };
}

/**
 * The learning pass: frames spread over the video are decoded, the regions' surroundings kept,
 * and each region's mark learnt from them. Memory is bounded by the sample count and the
 * windows' size, whatever the video's length.
 */
export async function learnMarks(run: RunContext, deadline: Deadline): Promise<LearntMarks> {
  const signal = deadline.signal;
  const layout = yuv420Layout(run.media.width, run.media.height);
  const learner = createMarkLearner(layout, run.regions);
  const step = sampleStep(run.media.frameCount);
  const expected = Math.max(1, Math.ceil(run.media.frameCount / step));
  let taken = 0;
  await readRawFrames({
    args: sampleArgs(run.media, run.inputPath, step),
    frameSize: layout.frameSize,
    signal,
    paths: runPaths(run),
    onFrame(frame) {
      learner.add(frame);
      taken++;
      reportProgress(
        run.onProgress,
        Math.floor((LEARNING_SHARE * Math.min(taken, expected)) / expected),
      );
    },
  });
  // Learning holds the thread: it looks at the clock between fits instead of waiting for a timer.
  return learner.learn(() => {
    if (deadline.expired()) throw stoppedError(signal.reason);
  });
}

/**
 * Learning pass, then decoder -> frame transform -> encoder, all streaming. Any failure, the
 * time limit or the caller's abort kills the ffmpeg processes, and they are awaited before
 * this settles. `transform` replaces the learnt smart fill (tests).
 */
export async function runSmartfill(run: RunContext, transform?: FrameTransform): Promise<void> {
  const layout = yuv420Layout(run.media.width, run.media.height);
  const deadline = startDeadline(run.timeoutMs, run.signal);
  let chosen: FrameTransform;
  try {
    chosen = transform ?? smartfillFrom(run, await learnMarks(run, deadline));
  } catch (error) {
    deadline.dispose();
    throw error;
  }
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
    await pump(decoder, encoder, chosen, layout.frameSize, run);
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
    const percent = Math.min(
      99,
      LEARNING_SHARE + Math.floor((written / total) * (100 - LEARNING_SHARE)),
    );
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
