import type { FrameFiller } from "./spatial-fill";

/**
 * The slot a smartfill algorithm plugs into: decoded yuv420p frames in display order in, the
 * same number of frames out, in order. A transform may hold back a bounded number of frames
 * (a multi-frame method looks ahead); the pipeline around it keeps memory bounded otherwise.
 */
export type FrameTransform = (frames: AsyncIterable<Uint8Array>) => AsyncIterable<Uint8Array>;

/**
 * A transform that handles each frame on its own (with whatever state the filler keeps), once
 * `ready` says the filler can (another thread prepares what it writes).
 */
export function eachFrame(
  filler: FrameFiller,
  ready?: (index: number) => Promise<void>,
): FrameTransform {
  return async function* (frames) {
    let index = 0;
    for await (const frame of frames) {
      if (ready) await ready(index);
      filler(frame, index++);
      yield frame;
    }
  };
}
