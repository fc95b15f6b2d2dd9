/**
 * The camera's motion around a region, followed from frame to frame: the affine motion of a ring
 * around the region (ring-motion.ts), with a field of shifts on top (motion-field.ts). It is what
 * a carried fill moves by (carry-fill.ts), and depends on the frames alone, not on the mark.
 */
import { dilate } from "../pixel-masks";
import { carriedWindow } from "./carry-window";
import { cropValues, type PlaneWindow } from "./mark-window";
import { fitMotionField } from "./motion-field";
import { fitRingMotion, type Image, type Motion, NO_MOTION } from "./ring-motion";
import { turnMotion } from "./turn-motion";

/** Pixels next to the region left out of the ring (the mark's soft edge, compression). */
const RING_GAP = 2;
/** Mean absolute difference over the aligned ring above which the motion is lost (a cut). */
const LOST = 14;
/**
 * The motion is lost too when, above the noise, the ring aligned by it still differs by more
 * than this share of its difference unaligned (it explains less than 30% of the change):
 * something else moves through the ring (a subject passing the mark), or the ring is too flat
 * to pin a large shake down. A street shot's opaque logo over the sky (seed unseen-11) carried
 * a dark stroke from a shaky frame that left 73% of the change (8.8 of 12.0 levels) and kept it
 * for 50 frames: 31.03 dB at 0.8, 31.43 at 0.7 (delogo 31.46). The bench seed's opaque logos
 * score as before within 0.08 dB (a bee 27.63 -> 27.58, a close-up face 20.95 -> 20.87).
 */
const UNEXPLAINED = 0.7;
const NOISE = 3;

export type MotionTracker = {
  /**
   * The motion since the frame tracked before this one: null on the first frame, or when the
   * motion was lost.
   */
  track(frame: Uint8Array): Motion | null;
};

/**
 * A tracker that ran ahead over a video's first frames, each in order (while the marks were
 * learnt, see fill-pass.ts): their motions, and the tracker, to go on from the frame after them.
 */
export type TrackedAhead = { motions: (Motion | null)[]; tracker: MotionTracker };

/**
 * The tracker of frames given each in order from the first, which reads the motions tracked
 * ahead for as many as there are: the same motions, without fitting them twice.
 */
export function resumeTracking({ motions, tracker }: TrackedAhead): MotionTracker {
  let index = 0;
  return {
    track(frame) {
      const motion = index < motions.length ? (motions[index] ?? null) : tracker.track(frame);
      index++;
      return motion;
    },
  };
}

/**
 * The tracker of a region's `count` frames given each in order from the last (a backward pass),
 * whose first `ahead` frames were tracked forwards by the other pass's thread: the motions
 * between them are read (`read`, which waits for them until they come) turned back
 * (turn-motion.ts), and the motion of each pair of frames is fitted once for both passes. The
 * frames after them are tracked live.
 */
export function trackingBack(
  window: PlaneWindow,
  count: number,
  ahead: number,
  read: () => readonly (Motion | null)[],
): MotionTracker {
  const live = createMotionTracker(window);
  const { width, height } = carriedWindow(window).extended;
  let index = count;
  return {
    track(frame) {
      index--;
      // The motion from this frame to the next was tracked ahead as the next frame's.
      if (index + 1 >= ahead) return live.track(frame);
      return turnMotion(read()[index + 1] ?? null, width, height);
    },
  };
}

/**
 * A tracker of the motion around a region, from its luma window: fitted on the carried window
 * (carry-window.ts) outside the region grown by RING_GAP.
 */
export function createMotionTracker(window: PlaneWindow): MotionTracker {
  const { extended } = carriedWindow(window);
  const { width, height } = extended;
  const ring = dilate(extended.inside, width, height, RING_GAP).map((set) => 1 - set);
  let previous: Image | null = null;
  let motion: Motion | null = null;
  return {
    track(frame) {
      const current = { values: cropValues(frame, extended), width, height };
      // The last frame's affine motion is the guess; its field is fitted anew.
      const { field: _field, ...guess } = motion ?? NO_MOTION;
      motion = null;
      if (previous) {
        const fit = fitRingMotion(previous, current, ring, guess);
        const unexplained = fit.residual > NOISE && fit.residual > UNEXPLAINED * fit.still;
        if (fit.residual <= LOST && fit.used >= 64 && !unexplained) {
          // What one affine motion leaves out (near and far things moving apart) is fitted
          // cell by cell on top of it.
          const field = fitMotionField(previous, current, ring, fit.motion);
          motion = field ? { ...fit.motion, field } : fit.motion;
        }
      }
      previous = current;
      return motion;
    },
  };
}
