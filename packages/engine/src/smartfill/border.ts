import type { Box } from "./yuv-layout";

/** Values along one side of a box, `distance` pixels outside it (the band's mean distance). */
export type Side = { values: Float32Array; distance: number };

export type Corners = {
  topLeft: number | null;
  topRight: number | null;
  bottomLeft: number | null;
  bottomRight: number | null;
};

/**
 * What surrounds a box: top and bottom have one value per column of the box, left and right one
 * per row, the corners one each. A side (or corner) is null where the box touches the edge.
 */
export type Border = {
  top: Side | null;
  bottom: Side | null;
  left: Side | null;
  right: Side | null;
  corners: Corners;
};

/** A plane's pixels, row after row, `width` per row. */
export type PlaneView = { pixels: Uint8Array; width: number; height: number };

/**
 * Samples each side as the mean of a band of up to `band` pixels outward from the box, then
 * smooths it along the side ([1 2 1]) so one noisy pixel does not streak across the fill.
 * Each corner is the mean of the block where the two bands meet.
 */
export function sampleBorder(plane: PlaneView, box: Box, band: number): Border {
  const columns = box.x1 - box.x0;
  const rows = box.y1 - box.y0;
  const above = Math.min(band, box.y0);
  const below = Math.min(band, plane.height - box.y1);
  const before = Math.min(band, box.x0);
  const after = Math.min(band, plane.width - box.x1);
  const at = (x: number, y: number) => plane.pixels[y * plane.width + x] ?? 0;
  const block = (x0: number, y0: number, width: number, height: number) =>
    width > 0 && height > 0 ? blockMean(plane, x0, y0, width, height) : null;
  return {
    top: side(columns, above, (i, d) => at(box.x0 + i, box.y0 - 1 - d)),
    bottom: side(columns, below, (i, d) => at(box.x0 + i, box.y1 + d)),
    left: side(rows, before, (j, d) => at(box.x0 - 1 - d, box.y0 + j)),
    right: side(rows, after, (j, d) => at(box.x1 + d, box.y0 + j)),
    corners: {
      topLeft: block(box.x0 - before, box.y0 - above, before, above),
      topRight: block(box.x1, box.y0 - above, after, above),
      bottomLeft: block(box.x0 - before, box.y1, before, below),
      bottomRight: block(box.x1, box.y1, after, below),
    },
  };
}

function side(
  length: number,
  depth: number,
  pixel: (index: number, distance: number) => number,
): Side | null {
  if (depth <= 0 || length <= 0) return null;
  const means = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (let d = 0; d < depth; d++) sum += pixel(i, d);
    means[i] = sum / depth;
  }
  return { values: smoothAlong(means), distance: (depth + 1) / 2 };
}

function blockMean(
  plane: PlaneView,
  x0: number,
  y0: number,
  width: number,
  height: number,
): number {
  let sum = 0;
  for (let y = y0; y < y0 + height; y++) {
    for (let x = x0; x < x0 + width; x++) sum += plane.pixels[y * plane.width + x] ?? 0;
  }
  return sum / (width * height);
}

function smoothAlong(values: Float32Array): Float32Array {
  const last = values.length - 1;
  const result = new Float32Array(values.length);
  for (let i = 0; i <= last; i++) {
    const here = values[i] ?? 0;
    const prev = values[Math.max(0, i - 1)] ?? here;
    const next = values[Math.min(last, i + 1)] ?? here;
    result[i] = (prev + 2 * here + next) / 4;
  }
  return result;
}
