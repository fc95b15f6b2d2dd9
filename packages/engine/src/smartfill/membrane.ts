/**
 * The membrane (harmonic) fill shared by smart fill's fills: the masked pixels relaxed towards
 * the mean of their neighbours by successive over-relaxation, the others held fixed.
 */

import { setPixels } from "../pixel-masks";
import { wavefrontOrder } from "./wavefronts";

/**
 * Over-relaxation factor of the sweeps. The best for a hole n pixels across is about
 * 2 / (1 + sin(pi / n)): 1.9 suits marks 40 to 100 pixels across, which a few sweeps per frame
 * then bring most of the way to a change in the light around them (1.8 suits 20).
 */
const OMEGA = 1.9;

/**
 * Per pixel of `pixels` (indices into an image `width` x `height`), its four neighbours'
 * indices (west, east, north, south); -1 off the image.
 */
export function neighbourTable(width: number, height: number, pixels: Int32Array): Int32Array {
  const table = new Int32Array(pixels.length * 4);
  const size = width * height;
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k] as number;
    const x = i - ((i / width) | 0) * width;
    table[4 * k] = x > 0 ? i - 1 : -1;
    table[4 * k + 1] = x + 1 < width ? i + 1 : -1;
    table[4 * k + 2] = i >= width ? i - width : -1;
    table[4 * k + 3] = i + width < size ? i + width : -1;
  }
  return table;
}

/** The pixels next to the masked ones (`mask` set) that are not masked, each once, in order. */
export function aroundOf(neighbours: Int32Array, mask: Uint8Array): Int32Array {
  return Int32Array.from(new Set(neighbours.filter((n) => n >= 0 && !mask[n]))).sort();
}

/**
 * A membrane problem's masked pixels, in scan order with their neighbours (neighbourTable), and
 * the same in the order the sweeps visit them (see membrane()).
 */
export type Membrane = {
  pixels: Int32Array;
  neighbours: Int32Array;
  sweepPixels: Int32Array;
  sweepNeighbours: Int32Array;
};

/**
 * The membrane problem of `pixels` (masked, in scan order) in an image `width` x `height`, with
 * their neighbours (by default all four that are on the image); its sweeps visit the pixels in
 * wavefronts (wavefronts.ts), which computes what sweeps in scan order do, three times quicker.
 */
export function membrane(
  width: number,
  height: number,
  pixels: Int32Array,
  neighbours = neighbourTable(width, height, pixels),
): Membrane {
  const order = wavefrontOrder(width, height, pixels);
  const sweepPixels = new Int32Array(order.length);
  const sweepNeighbours = new Int32Array(neighbours.length);
  for (let at = 0; at < order.length; at++) {
    const k = order[at] as number;
    sweepPixels[at] = pixels[k] as number;
    for (let side = 0; side < 4; side++)
      sweepNeighbours[4 * at + side] = neighbours[4 * k + side] as number;
  }
  return { pixels, neighbours, sweepPixels, sweepNeighbours };
}

/**
 * `sweeps` sweeps over the masked pixels, each pixel moved towards its neighbours' mean.
 * The hot loop of every fill: a pixel with all four neighbours (nearly all) takes no branch.
 */
export function relaxMembrane(values: Float32Array, problem: Membrane, sweeps: number): void {
  relax(values, problem, sweeps, OMEGA);
}

function relax(values: Float32Array, problem: Membrane, sweeps: number, omega: number): void {
  const pixels = problem.sweepPixels;
  const neighbours = problem.sweepNeighbours;
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (let k = 0, q = 0; k < pixels.length; k++, q += 4) {
      const i = pixels[k] as number;
      const west = neighbours[q] as number;
      const east = neighbours[q + 1] as number;
      const north = neighbours[q + 2] as number;
      const south = neighbours[q + 3] as number;
      if ((west | east | north | south) >= 0) {
        const sum =
          (values[west] as number) +
          (values[east] as number) +
          (values[north] as number) +
          (values[south] as number);
        values[i] = (1 - omega) * (values[i] as number) + (omega * sum) / 4;
        continue;
      }
      const mean = meanAround(values, neighbours, q);
      if (!Number.isNaN(mean)) values[i] = (1 - omega) * (values[i] as number) + omega * mean;
    }
  }
}

/**
 * A membrane problem seen in blocks of FACTOR x FACTOR pixels: the coarse problem is small and,
 * being narrow, settles in few sweeps, so the fine sweeps only have the detail left to do. The
 * sweeps start from its solution instead of from nothing (startFromCoarse), or it corrects the
 * error they leave (relaxWithCoarse).
 */
export type CoarseMembrane = {
  /** Per pixel around the masked ones, its block. */
  fixedBlock: Int32Array;
  /**
   * The blocks holding a masked pixel and none around them: the coarse problem's unknowns, each
   * with its neighbours that are in the problem.
   */
  free: Membrane;
  /** Per masked pixel, its block, and the four blocks it is read from (-1: none) and their weights. */
  block: Int32Array;
  taps: Int32Array;
  weights: Float32Array;
  /**
   * Per block, its value (startFromCoarse) or the fine values' error, 0 on the fixed blocks
   * (relaxWithCoarse).
   */
  blocks: Float32Array;
  sums: Float32Array;
  counts: Uint16Array;
  sweeps: number;
};

/** Blocks of the coarse problem; 4 keeps a mark 200 pixels across to 50. */
const FACTOR = 4;

/**
 * The coarse problem of `pixels` (masked) held by `around` (fixed) in an image `width` x
 * `height` (see CoarseMembrane).
 */
export function coarseMembrane(
  width: number,
  height: number,
  pixels: Int32Array,
  around: Int32Array,
): CoarseMembrane {
  const columns = Math.ceil(width / FACTOR);
  const rows = Math.ceil(height / FACTOR);
  const blockOf = (i: number) =>
    Math.floor(Math.floor(i / width) / FACTOR) * columns + Math.floor((i % width) / FACTOR);
  // 0: not in the problem, 1: free, 2: fixed.
  const kind = new Uint8Array(columns * rows);
  for (const i of pixels) kind[blockOf(i)] = 1;
  const fixedBlock = around.map(blockOf);
  for (const block of fixedBlock) kind[block] = 2;
  const unknown = setPixels(kind.map((k) => (k === 1 ? 1 : 0)));
  const neighbours = neighbourTable(columns, rows, unknown).map((n) =>
    n >= 0 && kind[n] ? n : -1,
  );
  const taps = new Int32Array(pixels.length * 4).fill(-1);
  const weights = new Float32Array(pixels.length * 4);
  pixels.forEach((i, k) => {
    const u = Math.min(columns - 1, Math.max(0, ((i % width) + 0.5) / FACTOR - 0.5));
    const v = Math.min(rows - 1, Math.max(0, (Math.floor(i / width) + 0.5) / FACTOR - 0.5));
    const u0 = Math.floor(u);
    const v0 = Math.floor(v);
    let total = 0;
    for (let c = 0; c < 4; c++) {
      const cu = u0 + (c & 1);
      const cv = v0 + (c >> 1);
      const weight = (c & 1 ? u - u0 : 1 - (u - u0)) * (c >> 1 ? v - v0 : 1 - (v - v0));
      const block = cv * columns + cu;
      if (cu >= columns || cv >= rows || !kind[block] || weight === 0) continue;
      taps[4 * k + c] = block;
      weights[4 * k + c] = weight;
      total += weight;
    }
    // A pixel always lies in a block of the problem, so some weight is there.
    for (let c = 0; c < 4; c++) weights[4 * k + c] = (weights[4 * k + c] as number) / total;
  });
  return {
    fixedBlock,
    free: membrane(columns, rows, unknown, neighbours),
    block: pixels.map(blockOf),
    taps,
    weights,
    blocks: new Float32Array(columns * rows),
    sums: new Float32Array(columns * rows),
    counts: new Uint16Array(columns * rows),
    sweeps: 2 * Math.max(columns, rows),
  };
}

/**
 * Sets the masked pixels of `values` from the coarse problem's solution: each fixed block takes
 * the mean of its pixels around the mask, the free ones are relaxed between them.
 */
export function startFromCoarse(
  values: Float32Array,
  pixels: Int32Array,
  around: Int32Array,
  coarse: CoarseMembrane,
): void {
  const { fixedBlock, free, sums, counts, blocks } = coarse;
  sums.fill(0);
  counts.fill(0);
  let total = 0;
  for (let k = 0; k < around.length; k++) {
    const value = values[around[k] as number] as number;
    const block = fixedBlock[k] as number;
    sums[block] = (sums[block] as number) + value;
    counts[block] = (counts[block] as number) + 1;
    total += value;
  }
  const mean = around.length ? total / around.length : 0;
  for (let b = 0; b < blocks.length; b++) {
    const count = counts[b] as number;
    blocks[b] = count ? (sums[b] as number) / count : mean;
  }
  relaxMembrane(blocks, free, coarse.sweeps);
  for (let k = 0; k < pixels.length; k++) {
    values[pixels[k] as number] = interpolated(blocks, coarse, k);
  }
}

/**
 * `sweeps` sweeps of relaxMembrane, half of them before and half after a coarse correction:
 * what the sweeps leave is the slow, wide part of the error, and in blocks it is narrow enough
 * for COARSE_SWEEPS to take most of it out (a two-grid cycle).
 */
export function relaxWithCoarse(
  values: Float32Array,
  problem: Membrane,
  coarse: CoarseMembrane,
  sweeps: number,
): void {
  const { pixels, neighbours } = problem;
  const before = Math.ceil(sweeps / 2);
  relax(values, problem, before, SMOOTHING);
  const { block, sums, free } = coarse;
  const errors = coarse.blocks;
  sums.fill(0);
  // Per pixel, how far it is from its neighbours' mean; summed per block, the coarse sources.
  for (let k = 0, q = 0; k < pixels.length; k++, q += 4) {
    const mean = meanAround(values, neighbours, q);
    if (Number.isNaN(mean)) continue;
    const b = block[k] as number;
    sums[b] = (sums[b] as number) + mean - (values[pixels[k] as number] as number);
  }
  errors.fill(0);
  const table = free.sweepNeighbours;
  for (let sweep = 0; sweep < COARSE_SWEEPS; sweep++) {
    for (let k = 0, q = 0; k < free.sweepPixels.length; k++, q += 4) {
      const b = free.sweepPixels[k] as number;
      const mean = meanAround(errors, table, q);
      if (Number.isNaN(mean)) continue;
      errors[b] = (1 - OMEGA) * (errors[b] as number) + OMEGA * (mean + (sums[b] as number));
    }
  }
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k] as number;
    values[i] = (values[i] as number) + interpolated(errors, coarse, k);
  }
  relax(values, problem, sweeps - before, SMOOTHING);
}

/**
 * Over-relaxation of the sweeps around a coarse correction: they must smooth the error away at
 * the pixel scale, which 1.9 does not (it only carries the error along); 1.3 left a quarter of
 * what 1 did of a change of light across a mark 200 pixels wide.
 */
const SMOOTHING = 1.3;

/** Sweeps of the coarse correction: a block problem 50 across keeps a tenth of its error. */
const COARSE_SWEEPS = 24;

/** Masked pixel k's value read from the blocks' `blocks` (bilinear). */
function interpolated(blocks: Float32Array, { taps, weights }: CoarseMembrane, k: number): number {
  let value = 0;
  for (let c = 4 * k; c < 4 * k + 4; c++) {
    const block = taps[c] as number;
    if (block >= 0) value += (weights[c] as number) * (blocks[block] as number);
  }
  return value;
}

/** The mean of the neighbours listed at `table[q..q+3]` (-1: none); NaN without any. */
function meanAround(values: Float32Array, table: Int32Array, q: number): number {
  let sum = 0;
  let count = 0;
  for (let side = q; side < q + 4; side++) {
    const n = table[side] as number;
    if (n < 0) continue;
    sum += values[n] as number;
    count++;
  }
  return sum / count;
}
