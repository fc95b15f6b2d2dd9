import type { BlendStats } from "./blend-stats";
import { type PairResiduals, type PixelPairs, solvePairLeastSquares } from "./least-squares";

/**
 * How a static semi-transparent mark is taken out of one plane's window. A mark of colour W and
 * opacity alpha blends I = alpha * W + (1 - alpha) * B; its inverse is affine per pixel:
 * B = gain * (I - mean) + mean + offset, with gain = 1 / (1 - alpha) >= 1. gain = 1,
 * offset = 0 is "leave the pixel alone".
 */
export type BlendCorrection = {
  width: number;
  height: number;
  mean: number;
  gain: Float32Array;
  offset: Float32Array;
  /** The mark's colour W per pixel (meaningful where gain > 1). */
  colour: Float32Array;
};

export type BlendSolveOptions = {
  /** Weight of differences of the gain between neighbours, relative to the picture's variance. */
  smoothGain: number;
  /** Weight of differences of the offset between neighbours (first stage). */
  smoothOffset: number;
  /** Weight of differences of the mark's colour between neighbours (second stage). */
  smoothColour: number;
  /** Gain difference below which the gain's smoothness is quadratic, above it L1. */
  gainEdge: number;
  /** Colour difference below which the colour's smoothness is quadratic, above it L1. */
  colourEdge: number;
  /** Weight of "both sides of a pair vary as much over time" against "the mean is smooth". */
  matchVariance: number;
  /** Temporal variance that is only noise (compression, sensor). */
  noiseVariance: number;
  /** Gauss-Newton rounds of each stage. */
  rounds: number;
  /** Conjugate-gradient iterations per round. */
  iterations: number;
  /** Largest gain; beyond it (opacity above 1 - 1 / maxGain) inverting only amplifies noise. */
  maxGain: number;
};

/** Where to start instead of "leave alone": a gain and the mark's colour per pixel. */
export type BlendStart = { gain: Float64Array; colour: Float64Array };

export const DEFAULT_BLEND_SOLVE: BlendSolveOptions = {
  smoothGain: 0.001,
  smoothOffset: 0.01,
  smoothColour: 0.5,
  colourEdge: 2,
  gainEdge: 1e9,
  matchVariance: 1,
  noiseVariance: 2,
  rounds: 3,
  iterations: 50,
  maxGain: 10,
};

/** Neighbouring pixel pairs (right and below) that touch at least one unknown pixel. */
type Pairs = PixelPairs & { cross: Float64Array };

function pairsOf(stats: BlendStats, unknown: Uint8Array, frames: number): Pairs {
  const { width, height } = stats;
  const first: number[] = [];
  const second: number[] = [];
  const cross: number[] = [];
  const add = (p: number, q: number, sum: number) => {
    if (!unknown[p] && !unknown[q]) return;
    first.push(p);
    second.push(q);
    cross.push(sum / frames);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (x + 1 < width) add(i, i + 1, stats.right[i] ?? 0);
      if (y + 1 < height) add(i, i + width, stats.down[i] ?? 0);
    }
  }
  return {
    first: Int32Array.from(first),
    second: Int32Array.from(second),
    cross: Float64Array.from(cross),
  };
}

/** Gain above 1.25 (opacity 0.2): the first stage's colour is trusted from there on. */
const CLEAR_EXCESS = 0.25;

type Grid = { pairs: Pairs; logRatio: Float64Array; trust: Float64Array };

const each = (pairs: PixelPairs, value: (p: number, q: number) => number) => {
  const out = new Float64Array(pairs.first.length);
  for (let k = 0; k < out.length; k++) out[k] = value(pairs.first[k] ?? 0, pairs.second[k] ?? 0);
  return out;
};

/** The variance part of the problem on log(scale), linearised around the current scales. */
function varianceResiduals(grid: Grid, scale: Float64Array): PairResiduals {
  const { pairs } = grid;
  return {
    weight: each(pairs, (p, q) => (scale[p] ?? 1) * (scale[q] ?? 1)).map(
      (value, k) => value * (grid.trust[k] ?? 0),
    ),
    cu: scale.map((value) => 1 / value),
    cv: 0,
    constant: each(pairs, (p, q) => Math.log(scale[p] ?? 1) - Math.log(scale[q] ?? 1)).map(
      (value, k) => value - (grid.logRatio[k] ?? 0),
    ),
  };
}

function smoothness(pairs: PixelPairs, field: Float64Array, weight: number, of: "u" | "v") {
  return {
    weight: new Float64Array(pairs.first.length).fill(weight),
    cu: of === "u" ? 1 : 0,
    cv: of === "v" ? 1 : 0,
    constant: each(pairs, (p, q) => (field[p] ?? 0) - (field[q] ?? 0)),
  };
}

/**
 * Finds the correction under which the corrected frames, over all frames in `stats`, show no
 * trace of the mark: across every pair of neighbours the corrected mean picture is smooth, and
 * both sides vary over time as much (a mark of opacity alpha scales what varies beneath it by
 * 1 - alpha; written on log(gain), scaling a whole region costs nothing, so the picture is not
 * flattened). gain >= 1: a mark only ever takes contrast away. Pixels where `unknown` is 0 keep
 * gain 1, offset 0. First gain and offset per pixel, then, starting there, gain and the mark's
 * colour W (offset = -(gain - 1) W) with W smooth; each by Gauss-Newton rounds. With
 * `knownGain` (chroma, whose opacity is luma's) only the colour is found.
 */
export function solveBlend(
  stats: BlendStats,
  unknown: Uint8Array,
  options: BlendSolveOptions = DEFAULT_BLEND_SOLVE,
  knownGain?: Float64Array,
  start?: BlendStart,
): BlendCorrection {
  const { width, height } = stats;
  const size = width * height;
  const frames = Math.max(1, stats.frames);
  const m1 = new Float64Array(size);
  const variance = new Float64Array(size);
  let spread = 0;
  for (let i = 0; i < size; i++) {
    const mean = (stats.sum[i] ?? 0) / frames;
    const square = (stats.squares[i] ?? 0) / frames;
    m1[i] = mean;
    variance[i] = Math.max(options.noiseVariance, square - mean * mean);
    spread += square;
  }
  spread = Math.max(1, spread / size);
  const pairs = pairsOf(stats, unknown, frames);
  const count = pairs.first.length;
  const grid: Grid = {
    pairs,
    logRatio: each(pairs, (p, q) => 0.5 * Math.log((variance[q] ?? 1) / (variance[p] ?? 1))),
    trust: each(
      pairs,
      (p, q) => options.matchVariance * Math.sqrt((variance[p] ?? 1) * (variance[q] ?? 1)),
    ),
  };
  const solve = { iterations: options.iterations, damping: 1e-6 };

  // Stage 1: gain and offset, each pixel on its own (only smoothness ties them).
  const gain = new Float64Array(size).fill(1);
  const offset = new Float64Array(size);
  if (knownGain) gain.set(knownGain);
  else if (start) gain.set(start.gain);
  for (let round = 0; round < (knownGain || start ? 0 : options.rounds); round++) {
    const mean: PairResiduals = {
      weight: new Float64Array(count).fill(1),
      cu: m1,
      cv: 1,
      constant: each(
        pairs,
        (p, q) =>
          (m1[p] ?? 0) * (gain[p] ?? 1) +
          (offset[p] ?? 0) -
          (m1[q] ?? 0) * (gain[q] ?? 1) -
          (offset[q] ?? 0),
      ),
    };
    const terms = [
      mean,
      varianceResiduals(grid, gain),
      edgePreserving(pairs, gain, options.smoothGain * spread, options.gainEdge, "u"),
      smoothness(pairs, offset, options.smoothOffset, "v"),
    ];
    const step = solvePairLeastSquares(pairs, terms, { u: unknown, v: unknown }, size, solve);
    for (let i = 0; i < size; i++) {
      if (!unknown[i]) continue;
      gain[i] = Math.min(options.maxGain, Math.max(1, (gain[i] ?? 1) + (step.du[i] ?? 0)));
      offset[i] = (offset[i] ?? 0) + (step.dv[i] ?? 0);
    }
  }

  // Stage 2: the same with the offset written as -u * W, u = gain - 1, and W smooth.
  const excess = gain.map((g) => g - 1);
  let colourSum = 0;
  let colourWeight = 0;
  for (let i = 0; i < size; i++) {
    const u = excess[i] ?? 0;
    colourSum += -(offset[i] ?? 0) * u;
    colourWeight += u * u;
  }
  const low = -stats.mean;
  const high = 255 - stats.mean;
  const clampColour = (value: number) => Math.min(high, Math.max(low, value));
  const colour = new Float64Array(size).fill(
    clampColour(colourWeight > 1e-6 ? colourSum / colourWeight : 0),
  );
  // Where the first stage saw the mark clearly, its own colour -offset / u is the start.
  for (let i = 0; i < size; i++) {
    const u = excess[i] ?? 0;
    if (u >= CLEAR_EXCESS) colour[i] = clampColour(-(offset[i] ?? 0) / u);
  }
  if (start)
    for (let i = 0; i < size; i++) colour[i] = clampColour((start.colour[i] ?? 0) - stats.mean);
  const everywhere = {
    u: knownGain ? new Uint8Array(size) : unknown,
    v: new Uint8Array(size).fill(1),
  };
  for (let round = 0; round < options.rounds; round++) {
    const mean: PairResiduals = {
      weight: new Float64Array(count).fill(1),
      cu: m1.map((value, i) => value - (colour[i] ?? 0)),
      cv: excess.map((value) => -value),
      constant: each(
        pairs,
        (p, q) =>
          (m1[p] ?? 0) -
          (m1[q] ?? 0) +
          (excess[p] ?? 0) * ((m1[p] ?? 0) - (colour[p] ?? 0)) -
          (excess[q] ?? 0) * ((m1[q] ?? 0) - (colour[q] ?? 0)),
      ),
    };
    const terms = [
      mean,
      varianceResiduals(
        grid,
        excess.map((u) => 1 + u),
      ),
      edgePreserving(pairs, excess, options.smoothGain * spread, options.gainEdge, "u"),
      edgePreserving(pairs, colour, options.smoothColour, options.colourEdge, "v"),
    ];
    const step = solvePairLeastSquares(pairs, terms, everywhere, size, solve);
    for (let i = 0; i < size; i++) {
      colour[i] = clampColour((colour[i] ?? 0) + (step.dv[i] ?? 0));
      if (!unknown[i]) continue;
      excess[i] = Math.min(options.maxGain - 1, Math.max(0, (excess[i] ?? 0) + (step.du[i] ?? 0)));
    }
  }
  return {
    width,
    height,
    mean: stats.mean,
    gain: Float32Array.from(excess, (u) => 1 + u),
    offset: Float32Array.from(excess, (u, i) => -u * (colour[i] ?? 0)),
    colour: Float32Array.from(colour, (w) => w + stats.mean),
  };
}

/**
 * Smoothness of the mark's colour that lets it jump: an L1 penalty on its differences,
 * reweighted each round (a mark is a few flat colours, not a gradient).
 */
function edgePreserving(
  pairs: PixelPairs,
  field: Float64Array,
  weight: number,
  edge: number,
  of: "u" | "v",
) {
  const term = smoothness(pairs, field, weight, of);
  term.weight = term.constant.map(
    (difference) => (weight / Math.max(Math.abs(difference), edge)) * edge,
  );
  return term;
}
