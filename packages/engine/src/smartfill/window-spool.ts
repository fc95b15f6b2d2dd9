/**
 * The windows around the regions, cut out of every frame as it is decoded and kept in a file,
 * so that later passes can read the frames back in any order (fill-passes.ts) without
 * decoding the video again or holding it in memory.
 */
import { cutWindows, type PlaneWindow, pasteWindows, windowsSize } from "./mark-window";
import { createRecordFile, openRecordFile, type RecordFile } from "./record-file";

/**
 * The most a spool may take on disk: about 16,000 frames (nine minutes at 30 per second) of the
 * windows around a 200x100 mark. The frames of a longer video are not read back.
 */
export const SPOOL_BYTES = 1 << 30;

export type WindowSpool = {
  /** Keeps the windows of the next frame. */
  add(frame: Uint8Array): void;
  readonly count: number;
  /** False once a frame was left out: the spool would have grown past SPOOL_BYTES. */
  readonly complete: boolean;
  /** Writes frame `index`'s windows into `frame`, leaving its other pixels as they are. */
  restore(index: number, frame: Uint8Array): void;
  /** The file the windows are kept in and the windows, for another thread to open. */
  readonly path: string;
  readonly windows: readonly PlaneWindow[];
  close(): void;
  remove(): void;
};

/**
 * A spool for a video of about `frameCount` frames; none when it would take more than
 * SPOOL_BYTES (the frames are not read back then).
 */
export function createWindowSpool(
  path: string,
  windows: readonly PlaneWindow[],
  frameCount: number,
): WindowSpool | null {
  const size = windowsSize(windows);
  if (size * frameCount > SPOOL_BYTES) return null;
  return windowSpool(path, windows, createRecordFile(path, size));
}

/** The spool another thread wrote at `path` with these windows, to read back (not to add to). */
export function openWindowSpool(path: string, windows: readonly PlaneWindow[]): WindowSpool {
  return windowSpool(path, windows, openRecordFile(path, windowsSize(windows)));
}

function windowSpool(path: string, windows: readonly PlaneWindow[], file: RecordFile): WindowSpool {
  const size = windowsSize(windows);
  const cut = new Uint8Array(size);
  let complete = true;
  return {
    add(frame) {
      if (!complete || (file.count + 1) * size > SPOOL_BYTES) {
        complete = false;
        return;
      }
      cutWindows(frame, windows, cut);
      file.append(cut);
    },
    get count() {
      return file.count;
    },
    get complete() {
      return complete;
    },
    restore(index, frame) {
      file.read(index, cut);
      pasteWindows(cut, windows, frame);
    },
    path,
    windows,
    close: file.close,
    remove: file.remove,
  };
}
