/**
 * The pass over the video backwards that fill-tape.ts explains. The first pass kept, from every
 * frame, the windows the carriers read (window-spool.ts); read back from the last, each is put
 * into a blank frame and the carried regions' fills run over it as in the forward pass, their
 * fills recorded. Memory stays that of a frame, whatever the video's length.
 */
import type { Deadline } from "../ffmpeg/deadline";
import { stoppedError } from "../ffmpeg/tool-failure";
import type { RunContext } from "../run-context";
import { carriesFill, extendedWindow } from "./carry-fill";
import {
  type FillTape,
  recordingTape,
  recordSize,
  replayingTape,
  type TapeLayout,
} from "./fill-tape";
import type { LearntMarks, RegionPlan } from "./learn-marks";
import type { MarkModel } from "./mark-model";
import type { MarkWindow } from "./mark-window";
import { createRecordFile, type RecordFile } from "./record-file";
import type { FrameFiller } from "./spatial-fill";
import type { WindowSpool } from "./window-spool";
import type { YuvLayout } from "./yuv-layout";

/** Frames filled backwards between two looks at the event loop. */
const YIELD_EVERY = 16;

/** Per region, the tape its forward fill mixes in (none for a region not carried). */
export type Tapes = (FillTape | undefined)[];

export type BackwardPass = {
  tapes: Tapes;
  /** Deletes the recorded fills, once the forward pass is over (or failed). */
  remove(): void;
};

/** The windows a region's carrier reads, from its mark's window. */
export function carriedWindows(window: MarkWindow) {
  return window.map(extendedWindow);
}

/** The regions whose fill is carried: an opaque mark is inverted there. */
export function carriedRegions(marks: LearntMarks): boolean[] {
  return marks.map((plan) => plan.kind === "invert" && carriesFill(plan.model));
}

function tapeLayout(model: MarkModel): TapeLayout {
  const count = (plane: 0 | 1 | 2) => model.fill[plane]?.reduce((sum, set) => sum + set, 0) ?? 0;
  return [count(0), count(1), count(2)];
}

/**
 * Runs the carried regions' fills (see carriedRegions) over the spooled frames, last first, and
 * returns the tapes the forward pass mixes in. `fillers` builds the regions' fillers as the
 * forward pass does, with the tapes given; `progress` hears the share of the frames done.
 */
export async function runBackwardPass(
  run: RunContext,
  layout: YuvLayout,
  marks: LearntMarks,
  spool: WindowSpool,
  deadline: Deadline,
  fillers: (marks: LearntMarks, tapes: Tapes) => FrameFiller[],
  progress: (share: number) => void,
): Promise<BackwardPass> {
  const carried = carriedRegions(marks);
  const files: RecordFile[] = [];
  const remove = () => {
    for (const file of files) file.remove();
  };
  try {
    const layouts = marks.map((plan) => (plan.model ? tapeLayout(plan.model) : null));
    const recording: Tapes = layouts.map((tape, index) => {
      if (!tape || !carried[index]) return undefined;
      const file = createRecordFile(`${run.outputPath}.fill-${index}`, recordSize(tape));
      files[index] = file;
      return recordingTape(file, tape);
    });
    const kept: LearntMarks = marks.map(
      (plan, index): RegionPlan =>
        carried[index] ? plan : { kind: "keep", model: null, always: true },
    );
    const backward = fillers(kept, recording);
    const frame = new Uint8Array(layout.frameSize);
    for (let index = spool.count - 1; index >= 0; index--) {
      if (deadline.expired()) throw stoppedError(deadline.signal.reason);
      // Now and then the thread is let go: progress is sent, the caller's abort is heard.
      if (index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      spool.restore(index, frame);
      for (const fill of backward) fill(frame, index);
      progress(1 - index / spool.count);
    }
    const tapes = layouts.map((tape, index) => {
      const file = files[index];
      return tape && file ? replayingTape(file, tape) : undefined;
    });
    return { tapes, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
