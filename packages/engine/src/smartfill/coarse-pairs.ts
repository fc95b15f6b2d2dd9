import { createPairField, type PairField } from "./pair-field";
import { type PairProblem, type PairSystem, paddingOf } from "./pair-relaxation";

/**
 * The problem on a grid of half the size, each pixel a 2x2 block of the fine grid (clipped at
 * the edges), unknown when all of its pixels are (so the known boundary stays one). A coarse pair stands for the rows (or
 * columns) of fine pairs between the two blocks' centres: along each, the targets add up (the
 * inner pairs of the blocks count half) and the weights combine in series, as conductances;
 * the rows then combine in parallel. Its answer is a starting point for the fine one.
 */
export function coarsenPairs(problem: PairProblem): PairProblem {
  const { width, height } = problem.target;
  const coarseWidth = Math.ceil(width / 2);
  const coarseHeight = Math.ceil(height / 2);
  const unknown = new Uint8Array(coarseWidth * coarseHeight).fill(1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!problem.unknown[y * width + x]) unknown[(y >> 1) * coarseWidth + (x >> 1)] = 0;
    }
  }
  const target = createPairField(coarseWidth, coarseHeight);
  const weight = createPairField(coarseWidth, coarseHeight);
  coarsenSide(problem, "right", target, weight);
  coarsenSide(problem, "down", target, weight);
  return { unknown, target, weight };
}

/** Fine pairs along a row between two block centres: the inner ones count half. */
const SEGMENTS = [
  { offset: 0, share: 0.5 },
  { offset: 1, share: 1 },
  { offset: 2, share: 0.5 },
] as const;

/** The coarse pairs of one side ("right" runs along x, "down" along y). */
function coarsenSide(
  problem: PairProblem,
  side: "right" | "down",
  target: PairField,
  weight: PairField,
): void {
  const { width } = problem.target;
  const fineTarget = problem.target[side];
  const fineWeight = problem.weight?.[side] ?? null;
  const along = side === "right" ? width : problem.target.height;
  const across = side === "right" ? problem.target.height : width;
  const index = (u: number, v: number) => (side === "right" ? v * width + u : u * width + v);
  const coarseIndex = (u: number, v: number) =>
    side === "right" ? v * target.width + u : u * target.width + v;
  for (let cu = 0; 2 * cu + 2 < along; cu++) {
    for (let cv = 0; 2 * cv < across; cv++) {
      let conductance = 0;
      let pull = 0;
      for (let v = 2 * cv; v < Math.min(across, 2 * cv + 2); v++) {
        let resistance = 0;
        let sum = 0;
        for (const { offset, share } of SEGMENTS) {
          const u = 2 * cu + offset;
          if (u + 1 >= along) continue;
          const k = index(u, v);
          // Two known pixels are both held at 0: nothing between them to resist or follow.
          if (!problem.unknown[k] && !problem.unknown[index(u + 1, v)]) continue;
          const w = fineWeight ? Math.max(0, fineWeight[k] ?? 0) : 1;
          resistance += w > 0 ? share / w : Number.POSITIVE_INFINITY;
          sum += share * (fineTarget[k] ?? 0);
        }
        if (!Number.isFinite(resistance)) continue;
        conductance += 1 / resistance;
        pull += sum / resistance;
      }
      const k = coarseIndex(cu, cv);
      weight[side][k] = conductance;
      target[side][k] = conductance > 0 ? pull / conductance : 0;
    }
  }
}

/**
 * Adds the coarse grid's padded values, interpolated, to the fine grid's moving pixels: each fine pixel mixes its block's value (9/16) with the next blocks'
 * towards it (3/16 each) and the diagonal one (1/16), as bilinear interpolation between the
 * block centres does.
 */
export function addRefined(
  coarse: Float64Array,
  coarseSystem: PairSystem,
  fineSystem: PairSystem,
  fine: Float64Array,
): void {
  const { width: coarseWidth, height: coarseHeight } = coarseSystem;
  const coarseAt = paddingOf(coarseSystem);
  const fineAt = paddingOf(fineSystem);
  const at = (cx: number, cy: number) =>
    coarse[
      coarseAt +
        Math.min(coarseHeight - 1, Math.max(0, cy)) * coarseWidth +
        Math.min(coarseWidth - 1, Math.max(0, cx))
    ] as number;
  const { width, moving } = fineSystem;
  for (let m = 0; m < moving.length; m++) {
    const i = moving[m] as number;
    const x = i % width;
    const y = (i - x) / width;
    const cx = x >> 1;
    const cy = y >> 1;
    const nx = x & 1 ? cx + 1 : cx - 1;
    const ny = y & 1 ? cy + 1 : cy - 1;
    const refined = 0.5625 * at(cx, cy) + 0.1875 * (at(nx, cy) + at(cx, ny)) + 0.0625 * at(nx, ny);
    fine[fineAt + i] = (fine[fineAt + i] as number) + refined;
  }
}

/**
 * The coarse right-hand side from the fine residual (weighted, see `pairResidual`): the
 * residuals of each block add up, and divided by the coarse pixel's total weight they are the
 * pull of the coarse equation for the correction.
 */
export function restrictResidual(
  residual: Float64Array,
  fineSystem: PairSystem,
  coarseSystem: PairSystem,
): Float64Array {
  const { width, moving } = fineSystem;
  const pull = new Float64Array(coarseSystem.width * coarseSystem.height);
  for (let m = 0; m < moving.length; m++) {
    const i = moving[m] as number;
    const x = i % width;
    const y = (i - x) / width;
    const c = (y >> 1) * coarseSystem.width + (x >> 1);
    pull[c] = (pull[c] as number) + (residual[i] as number);
  }
  const { total } = coarseSystem;
  for (let c = 0; c < pull.length; c++) {
    const weight = total[c] as number;
    pull[c] = weight > 0 ? (pull[c] as number) / weight : 0;
  }
  return pull;
}
