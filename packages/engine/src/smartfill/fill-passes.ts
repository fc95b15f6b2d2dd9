/**
 * The two passes of an opaque mark's carried fill (fill-record.ts), run side by side in two
 * threads over the frames the first pass spooled, while the main thread waits: each takes a
 * core, and the frames are then written from their records without filling anything.
 */
import { rmSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { MESSAGES } from "@wr/contracts";
import { FfmpegError } from "../errors";
import type { Deadline } from "../ffmpeg/deadline";
import { hidePaths, stoppedError } from "../ffmpeg/tool-failure";
import { type RunContext, runPaths } from "../run-context";
import { carriesFill } from "./carry-fill";
import { extendedWindow } from "./carry-window";
import type { FillPassJob, TrackedMotions } from "./fill-pass";
import type { FillPassMessage, FillPassStart } from "./fill-pass-worker";
import { createReplayer, fillRecordSize } from "./fill-record";
import type { LearntMarks, RegionPlan } from "./learn-marks";
import type { MarkWindow } from "./mark-window";
import { openRecordFile, type RecordFile } from "./record-file";
import type { CarriedFill, FillTarget } from "./region-fillers";
import type { WindowSpool } from "./window-spool";

export type FillPasses = {
  /** Per region, its fill written from the records (none for a region not carried). */
  carried: (CarriedFill | undefined)[];
  /** Settles once frame `index` can be written: the forward pass has recorded it. */
  ready(index: number): Promise<void>;
  /**
   * Stops a pass still running and deletes the records and the spool, once the frames are
   * written (or failed).
   */
  remove(): void;
};

/** The windows a region's carrier reads, from its mark's window. */
export function carriedWindows(window: MarkWindow) {
  return window.map(extendedWindow);
}

/** The frame size and regions, as plain data for a thread. */
function fillTarget(run: FillTarget): FillTarget {
  return { media: { width: run.media.width, height: run.media.height }, regions: run.regions };
}

/**
 * A pass's thread, and its failure (an error, or its end) once it fails: one started before its
 * job (see startForwardPass) may fail before anyone waits on it.
 */
export type PassThread = { worker: Worker; failure: Promise<unknown> };

function startThread(start: FillPassStart): PassThread {
  const worker = new Worker(new URL("./fill-pass-worker.ts", import.meta.url), {
    workerData: start,
  });
  const failure = new Promise<unknown>((resolve) => {
    worker.on("error", resolve);
    worker.on("exit", (code) => resolve(new Error(`the fill pass ended early (${code})`)));
  });
  return { worker, failure };
}

/**
 * The forward pass's thread, started once the frames are spooled: it tracks the motion ahead
 * until runFillPasses gives it its job (fill-pass.ts). Terminate it if none comes.
 */
export function startForwardPass(run: FillTarget, spool: WindowSpool): PassThread {
  return startThread({
    ahead: { target: fillTarget(run), spool: { path: spool.path, windows: spool.windows } },
  });
}

/** The regions whose fill is carried: an opaque mark is inverted there. */
export function carriedRegions(marks: LearntMarks): boolean[] {
  return marks.map((plan) => plan.kind === "invert" && carriesFill(plan.model));
}

/**
 * Starts both passes over `spool` (which holds the windows of every region, see carriedWindows)
 * and settles once the backward one is over, with the carried regions' fills: the frames can be
 * written from then on, each once the forward pass, still running, has recorded it (`ready`).
 * `progress` hears the share of the backward pass done. `forward`: its thread, when started
 * already (startForwardPass).
 */
export async function runFillPasses(
  run: RunContext,
  marks: LearntMarks,
  spool: WindowSpool,
  deadline: Deadline,
  progress: (share: number) => void,
  forward: PassThread | null = null,
): Promise<FillPasses> {
  const carried = carriedRegions(marks);
  const pathsOf = (direction: string) =>
    marks.map((_, index) =>
      carried[index] ? `${run.outputPath}.fill-${index}-${direction}` : null,
    );
  const paths = { forward: pathsOf("forward"), backward: pathsOf("backward") };
  const kept = marks.map(
    (plan, index): RegionPlan =>
      carried[index] ? plan : { kind: "keep", model: null, always: true },
  );
  const job = (direction: FillPassJob["direction"], tracked = false): FillPassJob => ({
    direction,
    ...(tracked ? { tracked } : {}),
    target: fillTarget(run),
    marks: kept,
    spool: { path: spool.path, windows: spool.windows },
    records: paths[direction],
  });
  const stop = new AbortController();
  const onDeadline = () => stop.abort(stoppedError(deadline.signal.reason));
  deadline.signal.addEventListener("abort", onDeadline, { once: true });
  const forwardDone = forwardProgress();
  const opened: RecordFile[] = [];
  const remove = () => {
    stop.abort(new Error("the fill passes are over"));
    deadline.signal.removeEventListener("abort", onDeadline);
    for (const file of opened) file.close();
    spool.remove();
    for (const path of [...paths.forward, ...paths.backward])
      if (path) rmSync(path, { force: true });
  };
  const failed = (error: unknown) => {
    if (stop.signal.aborted && stop.signal.reason === error) return error;
    const reason = error instanceof Error ? error.message : String(error);
    const failure = new FfmpegError(MESSAGES.processingFailed, hidePaths(reason, runPaths(run)));
    stop.abort(failure);
    return failure;
  };
  const count = spool.count;
  // The forward pass's thread, when started early, posts the motions it tracked ahead as it
  // gets its job, and they are handed on to the backward pass, which reads them.
  const backward = startThread({ job: job("backward", forward !== null) });
  const tracked = (motions: TrackedMotions) => backward.worker.postMessage({ tracked: motions });
  runWorker(forward ?? startThread({ job: job("forward") }), stop.signal, {
    progress: forwardDone.reached,
    tracked,
    job: forward ? job("forward") : undefined,
  }).then(
    () => forwardDone.reached(Number.POSITIVE_INFINITY),
    (error) => forwardDone.fail(failed(error)),
  );
  try {
    await runWorker(backward, stop.signal, { progress: (frames) => progress(frames / count) });
    const open = (path: string, size: number) => {
      const file = openRecordFile(path, size);
      opened.push(file);
      return file;
    };
    const fills = marks.map((plan, index): CarriedFill | undefined => {
      const ahead = paths.forward[index];
      const behind = paths.backward[index];
      if (plan.kind !== "invert" || !ahead || !behind) return undefined;
      const size = fillRecordSize(plan.model);
      return { replay: createReplayer(plan.model, plan, open(ahead, size), open(behind, size)) };
    });
    return { carried: fills, ready: forwardDone.ready, remove };
  } catch (error) {
    const failure = failed(error);
    remove();
    throw failure;
  }
}

/** How far the forward pass has got, and the frames waiting for it. */
function forwardProgress() {
  let frames = 0;
  let failure: unknown = null;
  const waiting: { index: number; resolve: () => void; reject: (error: unknown) => void }[] = [];
  return {
    reached(done: number) {
      frames = Math.max(frames, done);
      for (let k = waiting.length - 1; k >= 0; k--) {
        const waiter = waiting[k] as (typeof waiting)[number];
        if (waiter.index >= frames) continue;
        waiting.splice(k, 1);
        waiter.resolve();
      }
    },
    fail(error: unknown) {
      failure = error;
      for (const waiter of waiting.splice(0)) waiter.reject(error);
    },
    ready(index: number): Promise<void> {
      if (failure !== null) return Promise.reject(failure);
      if (index < frames) return Promise.resolve();
      return new Promise((resolve, reject) => waiting.push({ index, resolve, reject }));
    },
  };
}

/**
 * What a pass's thread hears as it goes (see FillPassMessage), and the job to give it when it
 * was started without one (startForwardPass).
 */
type PassListener = {
  progress: (frames: number) => void;
  tracked?: (motions: TrackedMotions) => void;
  job?: FillPassJob | undefined;
};

/** One pass in its thread, settling when it ends; `stop` ends it (the thread is terminated). */
function runWorker(
  { worker, failure }: PassThread,
  stop: AbortSignal,
  { progress, tracked, job }: PassListener,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      stop.removeEventListener("abort", onStop);
      void worker.terminate();
      if (error === undefined) resolve();
      else reject(error);
    };
    const onStop = () => settle(stop.reason);
    if (stop.aborted) return onStop();
    stop.addEventListener("abort", onStop, { once: true });
    worker.on("message", (message: FillPassMessage) => {
      if ("frames" in message) progress(message.frames);
      else if ("tracked" in message) tracked?.(message.tracked);
      else if ("finished" in message) settle();
      else settle(new Error(message.failed));
    });
    failure.then(settle);
    if (job) worker.postMessage(job);
  });
}
