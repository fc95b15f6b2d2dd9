/**
 * One pass of an opaque mark's carried fill over the spooled frames (fill-record.ts), forwards
 * or backwards, in a thread of its own (fill-pass-worker.ts): each frame's windows are put into
 * a blank frame, the carried regions' fills run over it and record their windows. Memory stays
 * that of a frame, whatever the video's length.
 *
 * The forward pass's thread starts as soon as the frames are spooled, and tracks the motion
 * around each region over the first frames while the marks are learnt (trackAhead): the motion
 * depends on the frames alone, the other core is idle while the marks are learnt, and the
 * forward pass, the longer of the two, then reads the motions instead of fitting them (a
 * quarter of its time over a butterfly's opaque logo). The backward pass reads them too, turned
 * back (turn-motion.ts), when it gets to those frames: each pair of frames is tracked once.
 */

import { fillRecordSize, recordingFills } from "./fill-record";
import type { LearntMarks } from "./learn-marks";
import { markWindow, type PlaneWindow } from "./mark-window";
import {
  createMotionTracker,
  resumeTracking,
  type TrackedAhead,
  trackingBack,
} from "./motion-tracker";
import { createRecordFile, type RecordFile } from "./record-file";
import { type CarriedFill, type FillTarget, regionFillers } from "./region-fillers";
import type { Motion } from "./ring-motion";
import { DEFAULT_UNBLEND, type UnblendOptions } from "./unblend";
import { openWindowSpool } from "./window-spool";
import { yuv420Layout } from "./yuv-layout";

type SpoolFile = { path: string; windows: readonly PlaneWindow[] };

/** What a pass is given: plain data, as a thread receives it. */
export type FillPassJob = {
  direction: "forward" | "backward";
  target: FillTarget;
  /** The regions' plans; the regions not carried are kept as they are. */
  marks: LearntMarks;
  spool: SpoolFile;
  /** Per region, where its records go (null: not carried). */
  records: (string | null)[];
  /**
   * Backward only: the forward pass's thread tracked the motion ahead over the first frames
   * (aheadCount), and posts it; this pass reads it turned back instead of fitting it again.
   */
  tracked?: true;
};

/** Per region, the motions the forward pass's thread tracked ahead. */
export type TrackedMotions = readonly (readonly (Motion | null)[])[];

/** What the forward pass's thread is started with, before the marks are learnt. */
export type AheadJob = Pick<FillPassJob, "target" | "spool">;

/**
 * Frames at most whose motions are tracked ahead (a few kilobytes each, per region): those of a
 * 720p clip of a few seconds are tracked while its marks are learnt (about 200 to 300 frames).
 */
const AHEAD_FRAMES = 1000;

/**
 * The frames whose motions are tracked ahead, of `count`: a number fixed by the video, not by
 * how far the thread got while the marks were learnt, so that the backward pass, which reads
 * them, writes the same frames whatever the timing.
 */
export function aheadCount(count: number): number {
  return Math.min(count, AHEAD_FRAMES);
}

/** The motion around each region over the spooled frames' first aheadCount, each in order. */
export function trackAhead({ target, spool: file }: AheadJob): TrackedAhead[] {
  const spool = openWindowSpool(file.path, file.windows);
  try {
    const layout = yuv420Layout(target.media.width, target.media.height);
    const ahead = target.regions.map(
      (region): TrackedAhead => ({
        motions: [],
        tracker: createMotionTracker(markWindow(layout, region)[0]),
      }),
    );
    const frame = new Uint8Array(layout.frameSize);
    const count = aheadCount(spool.count);
    for (let index = 0; index < count; index++) {
      spool.restore(index, frame);
      for (const region of ahead) region.motions.push(region.tracker.track(frame));
    }
    return ahead;
  } finally {
    spool.close();
  }
}

/**
 * The backward pass's fill: where it finds nothing its fill is not used (fill-record.ts), so
 * its spatial fill only has to meet the carried one, and is the quick one.
 */
const BACKWARD_UNBLEND: UnblendOptions = { ...DEFAULT_UNBLEND, harmonic: false };

/**
 * The motions tracked ahead a pass reads: the forward pass, per region, the tracker that ran
 * ahead; the backward one, when its job says they are `tracked`, what waits for them.
 */
export type PassMotions = { ahead?: readonly TrackedAhead[]; tracked?: () => TrackedMotions };

/**
 * Runs the pass; `progress` hears, after each frame's records are written, how many are done.
 */
export function runFillPass(
  job: FillPassJob,
  progress: (frames: number) => void,
  { ahead = [], tracked }: PassMotions = {},
): void {
  const spool = openWindowSpool(job.spool.path, job.spool.windows);
  const files: RecordFile[] = [];
  try {
    const forward = job.direction === "forward";
    const carried = job.records.map((path, index): CarriedFill | undefined => {
      const model = job.marks[index]?.model;
      if (!path || !model) return undefined;
      const file = createRecordFile(path, fillRecordSize(model));
      files.push(file);
      const before = ahead[index];
      const read = () => {
        const motions = tracked?.()[index];
        if (!motions) throw new Error("the motions tracked ahead did not come");
        return motions;
      };
      const tracker = forward
        ? before && resumeTracking(before)
        : job.tracked && trackingBack(model.window[0], spool.count, aheadCount(spool.count), read);
      return { record: recordingFills(file, model), ...(tracker ? { tracker } : {}) };
    });
    const fillers = regionFillers(
      job.target,
      job.marks,
      carried,
      forward ? DEFAULT_UNBLEND : BACKWARD_UNBLEND,
    );
    const { width, height } = job.target.media;
    const frame = new Uint8Array(yuv420Layout(width, height).frameSize);
    const count = spool.count;
    for (let done = 0; done < count; done++) {
      const index = forward ? done : count - 1 - done;
      spool.restore(index, frame);
      for (const fill of fillers) fill(frame, index);
      progress(done + 1);
    }
  } finally {
    spool.close();
    for (const file of files) file.close();
  }
}
