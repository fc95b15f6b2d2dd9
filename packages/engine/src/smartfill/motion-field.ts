/**
 * What the camera's motion around a hole leaves unexplained: near and far things move apart
 * (a car's side view, a handheld close-up), a subject moves on its own. On top of the ring's
 * affine motion (ring-motion.ts), each cell of a grid over the ring gets its own small shift,
 * fitted on its pixels by robust Gauss-Newton (none where it holds too little texture to say);
 * the cells the ring does not cover (the hole) take the membrane interpolation of the others,
 * since motion varies smoothly where a picture's values do not.
 */
import { setPixels } from "../pixel-masks";
import { type BilinearTap, bilinearTap, placeTap, readTap, tapWithin } from "./bilinear";
import { membrane, relaxMembrane } from "./membrane";
import {
  gradients,
  HUBER,
  type Image,
  type Motion,
  type MotionField,
  motionWarp,
} from "./ring-motion";

/** Luma pixels per side of a cell: 8 and 32 did as well (within 0.3 dB either way). */
const CELL = 16;
/** Gauss-Newton steps per cell: the affine part leaves little, and 3 did as well as 6. */
const ITERATIONS = 3;
/** Smallest share of a cell's pixels on the ring for it to be fitted. */
const LEAST_SHARE = 0.4;
/**
 * Mean squared gradient (levels per pixel) along the weaker direction a cell needs to be
 * fitted; a plainer one is held to the affine motion (no shift). Left out instead, a dashcam's
 * asphalt left a few cells fitted, whose shifts the membrane spread over the whole hole and the
 * lane line carried in with them: -4.1 dB on one seed.
 */
const LEAST_TEXTURE = 4;
/** Largest shift a cell may take on top of the affine motion, in cells. */
const FARTHEST = 0.5;
/** Sweeps of the membrane over the grid's unknown cells (a grid of a few hundred cells). */
const SWEEPS = 100;

/** What a cell's fit reads: both images, the previous one's gradient, the ring, the light. */
type CellImages = {
  previous: Image;
  current: Image;
  gradientX: Float32Array;
  gradientY: Float32Array;
  ring: Uint8Array;
  light: number;
};

/** A cell's pixels: each one's index, and where the affine motion says it was. */
type CellPixels = { at: number[]; xs: number[]; ys: number[] };

/**
 * The field on top of `motion` from `previous` to `current` over the ring (1 where a pixel
 * may be used, on both images); null when no cell holds enough of the ring.
 */
export function fitMotionField(
  previous: Image,
  current: Image,
  ring: Uint8Array,
  motion: Motion,
): MotionField | null {
  const { width, height } = current;
  const gw = Math.ceil(width / CELL);
  const gh = Math.ceil(height / CELL);
  const du = new Float32Array(gw * gh);
  const dv = new Float32Array(gw * gh);
  const known = new Uint8Array(gw * gh);
  const images = { previous, current, ring, light: motion.light, ...gradients(previous) };
  const { place, to } = motionWarp(motion, width, height);
  const tap = bilinearTap();
  const pixels: CellPixels = { at: [], xs: [], ys: [] };
  for (let cy = 0; cy < gh; cy++) {
    for (let cx = 0; cx < gw; cx++) {
      pixels.at.length = 0;
      pixels.xs.length = 0;
      pixels.ys.length = 0;
      const x1 = Math.min(width, (cx + 1) * CELL);
      const y1 = Math.min(height, (cy + 1) * CELL);
      for (let y = cy * CELL; y < y1; y++) {
        for (let x = cx * CELL; x < x1; x++) {
          const i = y * width + x;
          if (!ring[i] || !place(i, tap, 1)) continue;
          pixels.at.push(i);
          pixels.xs.push(to.x);
          pixels.ys.push(to.y);
        }
      }
      const cellSize = (x1 - cx * CELL) * (y1 - cy * CELL);
      if (pixels.at.length < LEAST_SHARE * cellSize) continue;
      // A cell too plain to say how it moved is held to the affine motion: only the hole's
      // cells are interpolated.
      const shift = fitCell(images, pixels, tap);
      const c = cy * gw + cx;
      du[c] = shift?.u ?? 0;
      dv[c] = shift?.v ?? 0;
      known[c] = 1;
    }
  }
  if (!known.includes(1)) return null;
  // The grid is small: plain sweeps from zero reach the membrane.
  const unknown = membrane(gw, gh, setPixels(known.map((set) => 1 - set)));
  relaxMembrane(du, unknown, SWEEPS);
  relaxMembrane(dv, unknown, SWEEPS);
  return { cell: CELL, width: gw, height: gh, du, dv };
}

/**
 * Robust Gauss-Newton sums of a cell's pixels shifted by (u, v) past where the affine motion
 * puts them, on the pixels whose previous place is on the ring too; null when too few are.
 */
function cellSums(images: CellImages, pixels: CellPixels, u: number, v: number, tap: BilinearTap) {
  const { previous, current, gradientX, gradientY, ring, light } = images;
  const { width, height } = previous;
  const sums = { hxx: 0, hxy: 0, hyy: 0, gx: 0, gy: 0, cost: 0 };
  let count = 0;
  for (let k = 0; k < pixels.at.length; k++) {
    const x = (pixels.xs[k] as number) + u;
    const y = (pixels.ys[k] as number) + v;
    if (!placeTap(tap, width, height, x, y, 1) || !tapWithin(ring, width, tap)) continue;
    const r =
      readTap(previous.values, width, tap) + light - (current.values[pixels.at[k] as number] ?? 0);
    const size = Math.abs(r);
    const weight = size <= HUBER ? 1 : HUBER / size;
    sums.cost += size <= HUBER ? 0.5 * r * r : HUBER * (size - 0.5 * HUBER);
    count++;
    const ax = readTap(gradientX, width, tap);
    const ay = readTap(gradientY, width, tap);
    sums.hxx += weight * ax * ax;
    sums.hxy += weight * ax * ay;
    sums.hyy += weight * ay * ay;
    sums.gx += weight * ax * r;
    sums.gy += weight * ay * r;
  }
  if (count < LEAST_SHARE * pixels.at.length) return null;
  sums.cost /= count;
  return { ...sums, count };
}

/**
 * A cell's shift on top of the affine motion: none where the affine motion already fits it
 * best; null where the cell holds too little texture to say, or the shift runs off.
 */
function fitCell(images: CellImages, pixels: CellPixels, tap: BilinearTap) {
  const start = cellSums(images, pixels, 0, 0, tap);
  if (!start) return null;
  // The weaker direction's texture: the smaller eigenvalue of the structure tensor.
  const mean = 0.5 * (start.hxx + start.hyy);
  const spread = Math.sqrt(0.25 * (start.hxx - start.hyy) ** 2 + start.hxy ** 2);
  if ((mean - spread) / start.count < LEAST_TEXTURE) return null;
  let u = 0;
  let v = 0;
  let sums = start;
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const det = sums.hxx * sums.hyy - sums.hxy * sums.hxy;
    if (det <= 0) return null;
    u -= (sums.hyy * sums.gx - sums.hxy * sums.gy) / det;
    v -= (sums.hxx * sums.gy - sums.hxy * sums.gx) / det;
    if (Math.hypot(u, v) > FARTHEST * CELL) return null;
    const next = cellSums(images, pixels, u, v, tap);
    if (!next) return null;
    sums = next;
  }
  return sums.cost < start.cost ? { u, v } : { u: 0, v: 0 };
}
