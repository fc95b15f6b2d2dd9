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
import {
  type BackwardPass,
  carriedRegions,
  carriedWindows,
  runBackwardPass,
  type Tapes,
} from "./backward-pass";
import type { FillTape } from "./fill-tape";
import { eachFrame, type FrameTransform } from "./frame-transform";
import { createMarkLearner, type LearntMarks, type RegionPlan, sampleStep } from "./learn-marks";
import { cropSample, showsMark } from "./mark-model";
import { markWindow } from "./mark-window";
import { createPlateFiller } from "./plate-fill";
import { decodeArgs, encodeFromPipeArgs } from "./smartfill-args";
import { createSpatialFiller, DEFAULT_SPATIAL_FILL, type FrameFiller } from "./spatial-fill";
import { createUnblender, DEFAULT_UNBLEND, type UnblendOptions } from "./unblend";
import { createWindowSpool, type WindowSpool } from "./window-spool";
import { writeFrame } from "./write-frame";
import { type YuvLayout, yuv420Layout } from "./yuv-layout";

/** Why we stopped the other process ourselves when one side of the pipeline failed. */
class PipelineBroken extends Error {}

/** Share of the progress bar the learning pass takes. */
const LEARNING_SHARE = 15;
/** The backward pass's fill: its spatial fill only has to meet the carried one (fill-tape.ts). */
const BACKWARD_UNBLEND: UnblendOptions = { ...DEFAULT_UNBLEND, harmonic: false };
/** Where the backward pass's span of the progress bar ends, when it runs (backward-pass.ts). */
const BACKWARD_END = 40;

/**
 * Smart fill from what was learnt: regions with a learnt mark have its blend inverted, the
 * others are filled from their border, steadied over time (or kept, see RegionPlan); either
 * only in the frames that show the mark when it was found. Where frames without the mark show
 * a still picture beneath it, that picture is used first (plate-fill.ts).
 */
export function smartfillFrom(run: RunContext, marks: LearntMarks, tapes: Tapes = []) {
  const fillers = regionFillers(run, marks, tapes, DEFAULT_UNBLEND);
  return eachFrame((frame, index) => {
    for (const fill of fillers) fill(frame, index);
  });
}

/** Each region's filler for its plan; a carried region's mixes in its tape, when given. */
function regionFillers(
  run: RunContext,
  marks: LearntMarks,
  tapes: Tapes,
  options: UnblendOptions,
): FrameFiller[] {
  const layout = yuv420Layout(run.media.width, run.media.height);
  return run.regions.map((region, index) => {
    const plan = marks[index] ?? { kind: "fill", model: null, always: true };
    const filler = regionFiller(layout, region, plan, tapes[index], options);
    return plan.plate && plan.model ? createPlateFiller(plan.model, plan.plate, filler) : filler;
  });
}

function regionFiller(
  layout: YuvLayout,
  region: Region,
  plan: RegionPlan,
  tape: FillTape | undefined,
  options: UnblendOptions,
): FrameFiller {
  if (plan.kind === "keep") return () => {};
  if (plan.kind === "invert") {
    const { always, strength, edges } = plan;
    return createUnblender(
      plan.model,
      { always, strength, ...(edges ? { edges } : {}), ...(tape ? { tape } : {}) },
      options,
    );
  }
  const border = createSpatialFiller(layout, region, DEFAULT_SPATIAL_FILL, plan.edges);
  const model = plan.model;
  if (!model || plan.always) return border;
  return (frame: Uint8Array) => {
    if (showsMark(model, cropSample(frame, model))) border(frame);
  };
}

/**
 * The first pass: every frame is decoded; frames spread over the video have the regions'
 * surroundings kept, and each region's mark is learnt from them; every frame has the windows
 * a carried fill reads put in `spool`. Memory is bounded by the sample count and the windows'
 * size, whatever the video's length.
 */
export async function learnMarks(
  run: RunContext,
  deadline: Deadline,
  spool?: WindowSpool,
): Promise<LearntMarks> {
  const signal = deadline.signal;
  const layout = yuv420Layout(run.media.width, run.media.height);
  const learner = createMarkLearner(layout, run.regions);
  const step = sampleStep(run.media.frameCount);
  const total = Math.max(1, run.media.frameCount);
  await readRawFrames({
    args: decodeArgs(run.media, run.inputPath),
    frameSize: layout.frameSize,
    signal,
    paths: runPaths(run),
    onFrame(frame, index) {
      spool?.add(frame);
      if (index % step === 0) learner.add(frame);
      reportProgress(
        run.onProgress,
        Math.floor((LEARNING_SHARE * Math.min(index + 1, total)) / total),
      );
    },
  });
  // Learning holds the thread: it looks at the clock between fits instead of waiting for a timer.
  return learner.learn(() => {
    if (deadline.expired()) throw stoppedError(signal.reason);
  });
}

/**
 * The first pass (and the backward one, see backward-pass.ts), then decoder -> frame transform
 * -> encoder, all streaming. Any failure, the time limit or the caller's abort kills the ffmpeg
 * processes, and they are awaited before this settles. `transform` replaces the learnt smart
 * fill (tests).
 */
export async function runSmartfill(run: RunContext, transform?: FrameTransform): Promise<void> {
  const deadline = startDeadline(run.timeoutMs, run.signal);
  let chosen: Chosen;
  try {
    chosen = transform ? { transform, start: LEARNING_SHARE } : await prepare(run, deadline);
  } catch (error) {
    deadline.dispose();
    throw error;
  }
  try {
    await encodeThrough(run, deadline, chosen);
  } finally {
    chosen.backward?.remove();
  }
}

/** The transform the frames go through, where its progress starts, and its backward pass. */
type Chosen = { transform: FrameTransform; start: number; backward?: BackwardPass };

/** The passes before the frames are written: learning, and backwards when a fill is carried. */
async function prepare(run: RunContext, deadline: Deadline): Promise<Chosen> {
  const layout = yuv420Layout(run.media.width, run.media.height);
  const windows = run.regions.flatMap((region) => carriedWindows(markWindow(layout, region)));
  const spool = createWindowSpool(`${run.outputPath}.frames`, windows, run.media.frameCount);
  try {
    const marks = await learnMarks(run, deadline, spool ?? undefined);
    if (!spool?.complete || !carriedRegions(marks).some(Boolean)) {
      return { transform: smartfillFrom(run, marks), start: LEARNING_SHARE };
    }
    const twoWay = await smartfillBothWays(run, marks, spool, deadline, (share) =>
      reportProgress(
        run.onProgress,
        LEARNING_SHARE + Math.floor(share * (BACKWARD_END - LEARNING_SHARE)),
      ),
    );
    return { ...twoWay, start: BACKWARD_END };
  } finally {
    spool?.remove();
  }
}

/**
 * Smart fill from what was learnt, with the fills of a pass backwards over the spooled frames
 * mixed into the carried regions' (backward-pass.ts). Remove `backward` once the frames are out.
 */
export async function smartfillBothWays(
  run: RunContext,
  marks: LearntMarks,
  spool: WindowSpool,
  deadline: Deadline,
  progress: (share: number) => void = () => {},
): Promise<{ transform: FrameTransform; backward: BackwardPass }> {
  const layout = yuv420Layout(run.media.width, run.media.height);
  const backward = await runBackwardPass(
    run,
    layout,
    marks,
    spool,
    deadline,
    (kept, tapes) => regionFillers(run, kept, tapes, BACKWARD_UNBLEND),
    progress,
  );
  return { transform: smartfillFrom(run, marks, backward.tapes), backward };
}

/** Decoder -> transform -> encoder; the deadline is disposed of once they are done. */
async function encodeThrough(run: RunContext, deadline: Deadline, chosen: Chosen): Promise<void> {
  const layout = yuv420Layout(run.media.width, run.media.height);
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
  { transform, start }: Chosen,
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
    const percent = Math.min(99, start + Math.floor((written / total) * (100 - start)));
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
