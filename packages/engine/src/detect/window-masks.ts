import type { PlaneFeatures } from "./plane-stats";

/** The three planes' features over one stretch of samples (chroma at half size). */
export type WindowFeatures = { luma: PlaneFeatures; u: PlaneFeatures; v: PlaneFeatures };

/**
 * Per working pixel (luma size), 0/1: a steady edge, a changing picture (its value spreads over
 * time), a still picture, and moving texture (gradient that does not keep its direction, which a
 * change of light alone does not make).
 */
export type WindowMasks = {
  width: number;
  height: number;
  edge: Uint8Array;
  dynamic: Uint8Array;
  still: Uint8Array;
  moving: Uint8Array;
  /** Pixels with texture at all (some gradient on average). */
  textured: Uint8Array;
  /** How much of the gradient keeps its direction over time (0..1), the best plane's. */
  consistency: Float32Array;
};

/** Mean gradient (central difference, levels) an edge must keep over time to count as steady. */
export const EDGE_STEADY = { luma: 8, chroma: 5 };
/** Share of the gradient that must keep its direction over time. */
export const EDGE_CONSISTENCY = 0.8;
/** Orientation alone is weaker evidence than sign and orientation together. */
const ORIENTATION_WEIGHT = 0.9;
/** Temporal spread (levels) above which the picture changes. */
export const DYNAMIC_SPREAD = { luma: 6, chroma: 3 };
/** Temporal spread (levels) below which the picture holds still (compression noise). */
export const STILL_SPREAD = { luma: 1.5, chroma: 1 };
/** Mean gradient (levels) that does not keep its direction, above which texture moves. */
export const MOVING_GRADIENT = 6;
/** Mean gradient magnitude (levels) above which a pixel has texture. */
export const TEXTURED_GRADIENT = 6;

/**
 * How much of a pixel's gradient it keeps over time, by sign or (less strictly, for edges
 * whose contrast flips) by orientation, and whether that makes it a steady edge.
 */
function kept(f: PlaneFeatures, i: number, least: number): { ratio: number; edge: boolean } {
  const busy = (f.busy[i] as number) + 1;
  const steady = f.steady[i] as number;
  const aligned = (f.aligned[i] as number) * ORIENTATION_WEIGHT;
  const strength = Math.max(steady, aligned);
  const ratio = strength / busy;
  return { ratio, edge: strength >= least && ratio >= EDGE_CONSISTENCY };
}

export function windowMasks({ luma, u, v }: WindowFeatures): WindowMasks {
  const { width, height } = luma;
  const size = width * height;
  const edge = new Uint8Array(size);
  const dynamic = new Uint8Array(size);
  const still = new Uint8Array(size);
  const consistency = new Float32Array(size);
  const moving = new Uint8Array(size);
  const textured = new Uint8Array(size);
  for (let y = 0; y < height; y++) {
    const chromaRow = Math.min(u.height - 1, y >> 1) * u.width;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const c = chromaRow + Math.min(u.width - 1, x >> 1);
      const inLuma = kept(luma, i, EDGE_STEADY.luma);
      const inU = kept(u, c, EDGE_STEADY.chroma);
      const inV = kept(v, c, EDGE_STEADY.chroma);
      edge[i] = inLuma.edge || inU.edge || inV.edge ? 1 : 0;
      consistency[i] = Math.max(inLuma.ratio, inU.ratio, inV.ratio);
      const ls = luma.spread[i] as number;
      const cs = Math.max(u.spread[c] as number, v.spread[c] as number);
      dynamic[i] = ls >= DYNAMIC_SPREAD.luma || cs >= DYNAMIC_SPREAD.chroma ? 1 : 0;
      const lumaBusy = luma.busy[i] as number;
      moving[i] = lumaBusy - (luma.steady[i] as number) >= MOVING_GRADIENT ? 1 : 0;
      textured[i] = lumaBusy >= TEXTURED_GRADIENT ? 1 : 0;
      still[i] = ls <= STILL_SPREAD.luma && cs <= STILL_SPREAD.chroma ? 1 : 0;
    }
  }
  return { width, height, edge, dynamic, still, moving, textured, consistency };
}
