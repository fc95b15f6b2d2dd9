import type { Candidate } from "./find-candidates";

/** A mark covers at most this share of the frame, and half its width or 40% of its height. */
const MAX_AREA = 0.08;
const MAX_WIDTH = 0.5;
const MAX_HEIGHT = 0.4;
const MAX_ASPECT = 15;
/** Mean consistency of a mark's steady edges. */
const MARK_CONSISTENCY = 0.88;
/** Evidence that the picture changes beneath or around: moving texture there, or everywhere. */
const MOVING_AROUND = 0.35;
const MOVING_RING = 0.4;
const MOVING_FRAME = 0.42;
/** An opaque mark: the box holds still while its surround changes. */
const STILL_INSIDE = 0.8;
const CHANGING_RING = 0.6;

/**
 * Whether a candidate is suggested. Scenery that holds still (a camera that never moves) keeps
 * its edges too, so a steady box must show that the picture changes beneath or around it;
 * large boxes, long thin ones and frame-wide structure are never suggested.
 */
export function isMark(candidate: Candidate, width: number, height: number): boolean {
  const { box } = candidate;
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  if (w * h > MAX_AREA * width * height || w > MAX_WIDTH * width || h > MAX_HEIGHT * height)
    return false;
  if (w > MAX_ASPECT * h || h > MAX_ASPECT * w) return false;
  const cameraMoves = candidate.movingFrame >= MOVING_FRAME;
  if (candidate.kind === "edges") {
    const changes = candidate.movingAround >= MOVING_AROUND || cameraMoves;
    return candidate.consistency >= MARK_CONSISTENCY && changes;
  }
  const changes = candidate.movingRing >= MOVING_RING || cameraMoves;
  return (
    candidate.stillInside >= STILL_INSIDE && candidate.changingRing >= CHANGING_RING && changes
  );
}

/** How sure the suggestion is, 0..1. */
export function confidenceOf(candidate: Candidate): number {
  const score =
    candidate.kind === "edges"
      ? (candidate.consistency - MARK_CONSISTENCY) / (1 - MARK_CONSISTENCY)
      : candidate.stillInside;
  return Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
}
