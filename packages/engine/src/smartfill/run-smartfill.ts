import { MESSAGES } from "@wr/contracts";
import { ffmpegPath } from "../binaries";
import { FfmpegError } from "../errors";
import { type Deadline, startDeadline } from "../ffmpeg/deadline";
import { readFrames } from "../ffmpeg/read-frames";
import { readRawFrames } from "../ffmpeg/read-raw-frames";
import { startTool, type ToolExit } from "../ffmpeg/start-tool";
import { ffmpegFailure, hidePaths, stoppedError } from "../ffmpeg/tool-failure";
import { reportProgress } from "../report-progress";
import { type RunContext, runPaths } from "../run-context";
import { type DecodedFrames, keepDecodedFrames } from "./decoded-frames";
import {
  carriedRegions,
  carriedWindows,
  type FillPasses,
  type PassThread,
  runFillPasses,
  startForwardPass,
} from "./fill-passes";
import { eachFrame, type FrameTransform } from "./frame-transform";
import { createMarkLearner, type LearntMarks, sampleStep } from "./learn-marks";
import { markWindow } from "./mark-window";
import { type FillTarget, regionFillers } from "./region-fillers";
import { decodeArgs, encodeFromPipeArgs } from "./smartfill-args";
import { DEFAULT_UNBLEND } from "./unblend";
import { createWindowSpool, type WindowSpool } from "./window-spool";
import { writeFrame } from "./write-frame";
import { yuv420Layout } from "./yuv-layout";

/** Why we stopped the other process ourselves when one side of the pipeline failed. */
class PipelineBroken extends Error {}

/** Share of the progress bar the learning pass takes. */
const LEARNING_SHARE = 15;
/** Where the fill passes' span of the progress bar ends, when they run (fill-passes.ts). */
const PASSES_END = 60;

/**
 * Smart fill from what was learnt (see region-fillers.ts); with `passes`, a carried region is
 * written from their records, each frame once they are ready.
 */
export function smartfillFrom(
  run: FillTarget,
  marks: LearntMarks,
  passes?: Pick<FillPasses, "carried" | "ready">,
): FrameTransform {
  const fillers = regionFillers(run, marks, passes?.carried ?? [], DEFAULT_UNBLEND);
  return eachFrame((frame, index) => {
    for (const fill of fillers) fill(frame, index);
  }, passes?.ready);
}

/**
 * The first pass: every frame is decoded; frames spread over the video have the regions'
 * surroundings kept, and each region's mark is learnt from them; every frame has the windows
 * a carried fill reads put in `spool`, and is kept whole in `decoded`; `decodedAll` is called
 * once every frame is, before the marks are learnt. Memory is bounded by the sample count and
 * the windows' size, whatever the video's length.
 */
export async function learnMarks(
  run: RunContext,
  deadline: Deadline,
  {
    spool,
    decoded,
    decodedAll,
  }: {
    spool?: WindowSpool | null;
    decoded?: DecodedFrames | null;
    decodedAll?: () => void;
  } = {},
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
      decoded?.add(frame);
      if (index % step === 0) learner.add(frame);
      reportProgress(
        run.onProgress,
        Math.floor((LEARNING_SHARE * Math.min(index + 1, total)) / total),
      );
    },
  });
  decodedAll?.();
  // Learning holds the thread: it looks at the clock between fits instead of waiting for a timer.
  return learner.learn(() => {
    if (deadline.expired()) throw stoppedError(signal.reason);
  });
}

/**
 * The first pass (and the fill passes, see fill-passes.ts), then decoder -> frame transform ->
 * encoder, all streaming. Any failure, the time limit or the caller's abort kills the ffmpeg
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
    chosen.passes?.remove();
    chosen.decoded?.remove();
  }
}

/**
 * The transform the frames go through, where its progress starts, the fill passes, and the
 * frames as the first pass decoded them, when it kept them.
 */
type Chosen = {
  transform: FrameTransform;
  start: number;
  passes?: FillPasses;
  decoded?: DecodedFrames;
};

/**
 * The passes before the frames are written: learning, and the fill passes when a fill is
 * carried (the frames are written while the forward one still runs).
 */
async function prepare(run: RunContext, deadline: Deadline): Promise<Chosen> {
  const spool = createWindowSpool(
    `${run.outputPath}.frames`,
    spoolWindows(run),
    run.media.frameCount,
  );
  const { frameSize } = yuv420Layout(run.media.width, run.media.height);
  const decoded = keepDecodedFrames(`${run.outputPath}.decoded`, frameSize, run.media.frameCount);
  // The fill passes read the spool while the frames are written, and delete it after; the
  // decoded frames are deleted once the frames are written. The forward pass starts on the
  // spooled frames while the marks are learnt (fill-pass.ts), and is ended if none is carried.
  let chosen: Chosen | null = null;
  const early: { forward?: PassThread } = {};
  const startForward = () => {
    if (spool?.complete) early.forward = startForwardPass(run, spool);
  };
  try {
    const marks = await learnMarks(run, deadline, { spool, decoded, decodedAll: startForward });
    const written = decoded?.complete ? { decoded } : {};
    if (!spool?.complete || !carriedRegions(marks).some(Boolean)) {
      chosen = { transform: smartfillFrom(run, marks), start: LEARNING_SHARE, ...written };
      return chosen;
    }
    const twoWay = await smartfillBothWays(
      run,
      marks,
      spool,
      deadline,
      (share) =>
        reportProgress(
          run.onProgress,
          LEARNING_SHARE + Math.floor(share * (PASSES_END - LEARNING_SHARE)),
        ),
      early.forward,
    );
    chosen = { ...twoWay, start: PASSES_END, ...written };
    return chosen;
  } finally {
    if (!chosen?.passes) {
      void early.forward?.worker.terminate();
      spool?.remove();
    }
    if (!chosen?.decoded) decoded?.remove();
  }
}

/**
 * Smart fill from what was learnt, the carried regions written from the two passes over the
 * spooled frames (fill-passes.ts). Remove `passes` once the frames are out.
 */
export async function smartfillBothWays(
  run: RunContext,
  marks: LearntMarks,
  spool: WindowSpool,
  deadline: Deadline,
  progress: (share: number) => void = () => {},
  forward?: PassThread,
): Promise<{ transform: FrameTransform; passes: FillPasses }> {
  const passes = await runFillPasses(run, marks, spool, deadline, progress, forward);
  return { transform: smartfillFrom(run, marks, passes), passes };
}

/** The windows the first pass spools: those a carried fill reads, of every region. */
export function spoolWindows(run: FillTarget) {
  const layout = yuv420Layout(run.media.width, run.media.height);
  return run.regions.flatMap((region) => carriedWindows(markWindow(layout, region)));
}

/**
 * Frames (kept by the first pass, or decoded again) -> transform -> encoder; the deadline is
 * disposed of once they are done.
 */
async function encodeThrough(run: RunContext, deadline: Deadline, chosen: Chosen): Promise<void> {
  const source = frameSource(run, deadline, chosen);
  const encoder = startTool(
    ffmpegPath(),
    encodeFromPipeArgs(run.media, run.inputPath, run.outputPath),
    { stdin: "pipe", stdout: "ignore", signal: deadline.signal },
  );
  let pipelineError: unknown = null;
  try {
    await pump(source, encoder, chosen, run);
  } catch (error) {
    pipelineError = error;
    deadline.abort(new PipelineBroken());
  }
  const [decoded, encoded] = await Promise.all([source.exit, encoder.exit]);
  deadline.dispose();
  const failure = pipelineFailure(decoded, encoded, pipelineError, runPaths(run));
  if (failure) throw failure;
  reportProgress(run.onProgress, 100);
}

type Tool = ReturnType<typeof startTool>;

/** The frames to write, and how their decoder ended (no decoder ran: as if it ended well). */
type FrameSource = { frames: AsyncIterable<Uint8Array>; exit: Promise<ToolExit> };

/** The frames the first pass kept (see decoded-frames.ts), or else a decoder of them again. */
function frameSource(run: RunContext, deadline: Deadline, chosen: Chosen): FrameSource {
  if (chosen.decoded) {
    return {
      frames: chosen.decoded.frames(),
      exit: Promise.resolve({ code: 0, stoppedBecause: undefined, stderrTail: "" }),
    };
  }
  const decoder = startTool(ffmpegPath(), decodeArgs(run.media, run.inputPath), {
    stdin: "ignore",
    stdout: "pipe",
    signal: deadline.signal,
  });
  const { frameSize } = yuv420Layout(run.media.width, run.media.height);
  async function* frames() {
    if (!decoder.stdout) throw new Error("ffmpeg's output pipe is missing");
    yield* readFrames(decoder.stdout, frameSize);
  }
  return { frames: frames(), exit: decoder.exit };
}

async function pump(
  source: FrameSource,
  encoder: Tool,
  { transform, start }: Chosen,
  run: RunContext,
): Promise<void> {
  if (!encoder.stdin) throw new Error("ffmpeg's input pipe is missing");
  const frames = transform(source.frames);
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
  const decoded = await source.exit;
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
