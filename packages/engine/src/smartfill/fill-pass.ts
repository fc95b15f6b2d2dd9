/**
 * One pass of an opaque mark's carried fill over the spooled frames (fill-record.ts), forwards
 * or backwards, in a thread of its own (fill-pass-worker.ts): each frame's windows are put into
 * a blank frame, the carried regions' fills run over it and record their windows. Memory stays
 * that of a frame, whatever the video's length.
 */

import { fillRecordSize, recordingFills } from "./fill-record";
import type { LearntMarks } from "./learn-marks";
import type { PlaneWindow } from "./mark-window";
import { createRecordFile, type RecordFile } from "./record-file";
import { type CarriedFill, type FillTarget, regionFillers } from "./region-fillers";
import { DEFAULT_UNBLEND, type UnblendOptions } from "./unblend";
import { openWindowSpool } from "./window-spool";
import { yuv420Layout } from "./yuv-layout";

/** What a pass is given: plain data, as a thread receives it. */
export type FillPassJob = {
  direction: "forward" | "backward";
  target: FillTarget;
  /** The regions' plans; the regions not carried are kept as they are. */
  marks: LearntMarks;
  spool: { path: string; windows: readonly PlaneWindow[] };
  /** Per region, where its records go (null: not carried). */
  records: (string | null)[];
};

/**
 * The backward pass's fill: where it finds nothing its fill is not used (fill-record.ts), so
 * its spatial fill only has to meet the carried one, and is the quick one.
 */
const BACKWARD_UNBLEND: UnblendOptions = { ...DEFAULT_UNBLEND, harmonic: false };

/** Runs the pass; `progress` hears, after each frame's records are written, how many are done. */
export function runFillPass(job: FillPassJob, progress: (frames: number) => void): void {
  const spool = openWindowSpool(job.spool.path, job.spool.windows);
  const files: RecordFile[] = [];
  try {
    const carried = job.records.map((path, index): CarriedFill | undefined => {
      const model = job.marks[index]?.model;
      if (!path || !model) return undefined;
      const file = createRecordFile(path, fillRecordSize(model));
      files.push(file);
      return { record: recordingFills(file, model) };
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
