import { addRefined, coarsenPairs, restrictResidual } from "./coarse-pairs";
import type { PairField } from "./pair-field";
import {
  bestOmega,
  type PairSystem,
  paddedValues,
  paddingOf,
  pairResidual,
  pairSystem,
  sweepPairs,
} from "./pair-relaxation";

export type IntegrateOptions = {
  /** Largest value a pixel may take (log transmission stays <= 0). */
  upper?: number;
  /** Stop once no pixel moves by more than this in a round (a cycle, or a sweep). */
  tolerance?: number;
  /** Relaxation sweeps at most when relaxing alone (the coarsest grid, or no multigrid). */
  sweeps?: number;
  /** false: plain over-relaxation on the window's grid alone (slow, for comparison). */
  multigrid?: boolean;
};

/** Sweeps at most of plain relaxation. */
const MAX_SWEEPS = 500;
/** Multigrid cycles at most on each grid. */
const MAX_CYCLES = 40;
/** Default tolerance: far below a level of luma or a thousandth of log transmission. */
const TOLERANCE = 1e-6;
/** Grids narrower than twice this are not coarsened further. */
const COARSEST = 8;
/** Gauss-Seidel sweeps before and after each coarse correction. */
const SMOOTHING = 2;

type Settings = { upper: number; tolerance: number; sweeps: number };

/**
 * Finds v on the `unknown` pixels (0 elsewhere) so that v[j] - v[i] follows `target` on each
 * pair, in the weighted least-squares sense: a Poisson equation with the known pixels as its
 * boundary. Pairs of weight 0 tie nothing together. Solved by multigrid: the answer on a grid
 * of half the size is the starting point (see `coarsenPairs`), then cycles of Gauss-Seidel
 * sweeps with the error's smooth part corrected on the coarser grids, until a cycle moves no
 * pixel by more than the tolerance. The answer is the one plain relaxation converges to.
 */
export function integratePairs(
  unknown: Uint8Array,
  target: PairField,
  weight: PairField | null = null,
  options: IntegrateOptions = {},
): Float64Array {
  const settings = {
    upper: options.upper ?? Number.POSITIVE_INFINITY,
    tolerance: options.tolerance ?? TOLERANCE,
    sweeps: options.sweeps ?? MAX_SWEEPS,
  };
  let problem = { unknown, target, weight };
  const levels = [pairSystem(problem)];
  while (
    options.multigrid !== false &&
    Math.min(problem.target.width, problem.target.height) >= 2 * COARSEST
  ) {
    problem = coarsenPairs(problem);
    levels.push(pairSystem(problem));
  }
  const coarsest = levels.length - 1;
  let values = paddedValues(levels[coarsest] as PairSystem);
  relax(levels[coarsest] as PairSystem, values, (levels[coarsest] as PairSystem).pull, settings);
  for (let k = coarsest - 1; k >= 0; k--) {
    const system = levels[k] as PairSystem;
    const fine = paddedValues(system);
    addRefined(values, levels[k + 1] as PairSystem, system, fine, settings.upper);
    values = fine;
    // Cycles go on while each leaves the equation better settled than the one before; a cycle
    // that does not (the coarse grids misjudging a patchy weighting, or the bound fighting the
    // corrections) is undone, and plain relaxation goes on from before it.
    let settled = false;
    let previous = Number.POSITIVE_INFINITY;
    for (let cycle = 0; cycle < MAX_CYCLES && !settled; cycle++) {
      const before = values.slice();
      const sweepChange = correctOnce(levels, k, values, system.pull, settings);
      if (sweepChange >= previous) {
        values.set(before);
        break;
      }
      previous = sweepChange;
      settled = Math.max(sweepChange, largestChange(before, values)) <= settings.tolerance;
    }
    if (!settled) relax(system, values, system.pull, settings);
  }
  const at = paddingOf(target);
  return values.slice(at, at + target.width * target.height);
}

/**
 * Over-relaxation alone, until a sweep moves no pixel by more than the tolerance (or the
 * sweeps run out). Returns the last sweep's largest change.
 */
function relax(
  system: PairSystem,
  values: Float64Array,
  pull: Float64Array,
  settings: Settings,
): number {
  const omega = bestOmega(system.width, system.height);
  let change = Number.POSITIVE_INFINITY;
  for (let sweep = 0; sweep < settings.sweeps && change > settings.tolerance; sweep++) {
    change = sweepPairs(system, values, pull, settings.upper, omega);
  }
  return change;
}

/**
 * One multigrid V-cycle on grid k: smooth, solve for the error on the coarser grid from what
 * is left of the equation (pixels held at the bound left out), add it back interpolated, smooth
 * again. Returns the last smoothing sweep's largest change.
 */
function correctOnce(
  levels: readonly PairSystem[],
  k: number,
  values: Float64Array,
  pull: Float64Array,
  settings: Settings,
): number {
  const system = levels[k] as PairSystem;
  const coarse = levels[k + 1];
  if (!coarse) return relax(system, values, pull, settings);
  for (let s = 0; s < SMOOTHING; s++) sweepPairs(system, values, pull, settings.upper, 1);
  const residual = pairResidual(system, values, pull, settings.upper);
  const coarsePull = restrictResidual(residual, system, coarse);
  const correction = paddedValues(coarse);
  correctOnce(levels, k + 1, correction, coarsePull, {
    ...settings,
    upper: Number.POSITIVE_INFINITY,
  });
  addRefined(correction, coarse, system, values, settings.upper);
  let change = 0;
  for (let s = 0; s < SMOOTHING; s++) change = sweepPairs(system, values, pull, settings.upper, 1);
  return change;
}

function largestChange(before: Float64Array, after: Float64Array): number {
  let largest = 0;
  for (let i = 0; i < after.length; i++) {
    largest = Math.max(largest, Math.abs((after[i] as number) - (before[i] as number)));
  }
  return largest;
}
