import { dilate, erode, shareOf } from "../pixel-masks";
import { boxShare, componentBoxes, type PixelBox, ringShare } from "./pixel-boxes";
import type { WindowMasks } from "./window-masks";

/**
 * A place that may hold a mark: "edges" where steady edges cluster, "still" where the picture
 * holds still inside a changing surround (an opaque mark), with what decides whether it is one.
 */
export type Candidate = {
  kind: "edges" | "still";
  box: PixelBox;
  /** Mean share of the gradient that keeps its direction, over the box's steady edges. */
  consistency: number;
  /** Share of the box and its surround where texture moves (the picture beneath changes). */
  movingAround: number;
  /** Share of the surround where texture moves. */
  movingRing: number;
  /** Share of the surround whose value changes over time. */
  changingRing: number;
  /** Share of the box that holds still. */
  stillInside: number;
  /** Share of the frame's textured pixels whose texture moves: the camera or scene moves. */
  movingFrame: number;
};

const GROUP_RADIUS = 3;
/** A box side whose row or column holds less than this share of the mean is trimmed away. */
const SPARSE_SIDE = 0.5;
const RING = 4;
const MIN_EDGE_PIXELS = 120;
const MIN_STILL_PIXELS = 200;

export function findCandidates(masks: WindowMasks): Candidate[] {
  const { width, height, edge, still } = masks;
  const movingFrame = shareOf(masks.moving, masks.textured);
  const candidates: Candidate[] = [];
  const edgeBoxes = componentBoxes(dilate(edge, width, height, GROUP_RADIUS), edge, width, height);
  for (const box of edgeBoxes) {
    const trimmed = trimSparseSides(box, edge, width);
    if (trimmed.count >= MIN_EDGE_PIXELS)
      candidates.push(describe("edges", trimmed, masks, movingFrame));
  }
  const opened = dilate(erode(still, width, height, 1), width, height, 1);
  for (const box of componentBoxes(opened, opened, width, height)) {
    if (box.count >= MIN_STILL_PIXELS) candidates.push(describe("still", box, masks, movingFrame));
  }
  return candidates;
}

function describe(
  kind: Candidate["kind"],
  box: PixelBox,
  masks: WindowMasks,
  movingFrame: number,
): Candidate {
  const { width, height } = masks;
  let sum = 0;
  let count = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * width + x;
      if (masks.edge[i]) {
        sum += masks.consistency[i] as number;
        count++;
      }
    }
  }
  const grown = {
    x0: Math.max(0, box.x0 - RING),
    y0: Math.max(0, box.y0 - RING),
    x1: Math.min(width, box.x1 + RING),
    y1: Math.min(height, box.y1 + RING),
    count: 0,
  };
  return {
    kind,
    box,
    consistency: count === 0 ? 0 : sum / count,
    movingAround: boxShare(masks.moving, width, grown),
    movingRing: ringShare(masks.moving, width, height, box, RING),
    changingRing: ringShare(masks.dynamic, width, height, box, RING),
    stillInside: boxShare(masks.still, width, box),
    movingFrame,
  };
}

/**
 * Steady scenery that touches a mark joins its part as a thin tail; the mark itself is dense.
 * Peels off outer rows and columns with few edge pixels until every side is dense.
 */
function trimSparseSides(box: PixelBox, mask: Uint8Array, width: number): PixelBox {
  let { x0, y0, x1, y1 } = box;
  const column = (x: number) => {
    let n = 0;
    for (let y = y0; y < y1; y++) n += mask[y * width + x] as number;
    return n;
  };
  const row = (y: number) => {
    let n = 0;
    for (let x = x0; x < x1; x++) n += mask[y * width + x] as number;
    return n;
  };
  let count = box.count;
  for (let changed = true; changed && x1 - x0 > 2 && y1 - y0 > 2; ) {
    changed = false;
    const perColumn = (SPARSE_SIDE * count) / (x1 - x0);
    const perRow = (SPARSE_SIDE * count) / (y1 - y0);
    const sides: [number, () => void][] = [
      [column(x0), () => x0++],
      [column(x1 - 1), () => x1--],
      [row(y0), () => y0++],
      [row(y1 - 1), () => y1--],
    ];
    for (const [index, [n, peel]] of sides.entries()) {
      if (n >= (index < 2 ? perColumn : perRow)) continue;
      peel();
      count -= n;
      changed = true;
      break;
    }
  }
  return { x0, y0, x1, y1, count };
}
