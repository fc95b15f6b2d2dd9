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
 * quarter of its time over a butterfly's opaque logo).
 */

import { fillRecordSize, recordingFills } from "./fill-record";
import type { LearntMarks } from "./learn-marks";
import { markWindow, type PlaneWindow } from "./mark-window";
import { createMotionTracker, resumeTracking, type TrackedAhead } from "./motion-tracker";
import { createRecordFile, type RecordFile } from "./record-file";
import { type CarriedFill, type FillTarget, regionFillers } from "./region-fillers";
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
};

/** What the forward pass's thread is started with, before the marks are learnt. */
export type AheadJob = Pick<FillPassJob, "target" | "spool">;

/**
 * Frames at most whose motions are tracked ahead (a few kilobytes each, per region): more than
 * the learning leaves time for on a 720p clip (about 200 to 300 frames).
 */
const AHEAD_FRAMES = 1000;

/**
 * The motion around each region over the spooled frames, each in order from the first, until
 * `stop` says to (checked before each frame) or AHEAD_FRAMES are done.
 */
export function trackAhead({ target, spool: file }: AheadJob, stop: () => boolean): TrackedAhead[] {
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
    const count = Math.min(spool.count, AHEAD_FRAMES);
    for (let index = 0; index < count && !stop(); index++) {
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
 * Runs the pass; `progress` hears, after each frame's records are written, how many are done.
 * `ahead` (forward only): per region, the motions tracked ahead.
 */
export function runFillPass(
  job: FillPassJob,
  progress: (frames: number) => void,
  ahead: readonly TrackedAhead[] = [],
): void {
  const spool = openWindowSpool(job.spool.path, job.spool.windows);
  const files: RecordFile[] = [];
  try {
    const carried = job.records.map((path, index): CarriedFill | undefined => {
      const model = job.marks[index]?.model;
      if (!path || !model) return undefined;
      const file = createRecordFile(path, fillRecordSize(model));
      files.push(file);
      const tracked = ahead[index];
      return {
        record: recordingFills(file, model),
        ...(tracked ? { tracker: resumeTracking(tracked) } : {}),
      };
    });
    const forward = job.direction === "forward";
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
