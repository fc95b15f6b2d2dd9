/**
 * Running sums over frames of one plane's window, per pixel: sum of x and x^2 with
 * x = I - mean (how bright a pixel is and how much it varies), and the squared changes between
 * consecutive frames (how much the picture beneath moves).
 */
export type BlendStats = {
  width: number;
  height: number;
  /** The constant the values are centred on (keeps the sums of squares well conditioned). */
  mean: number;
  frames: number;
  sum: Float64Array;
  squares: Float64Array;
  /** Per pixel, sum of squared changes between consecutive frames added. */
  changes: Float64Array;
  previous: Uint8Array | null;
};

export function createBlendStats(width: number, height: number, mean: number): BlendStats {
  const size = width * height;
  return {
    width,
    height,
    mean,
    frames: 0,
    sum: new Float64Array(size),
    squares: new Float64Array(size),
    changes: new Float64Array(size),
    previous: null,
  };
}

/** Adds one frame's window (width * height bytes, row by row). */
export function addFrame(stats: BlendStats, pixels: Uint8Array): void {
  const { mean, sum, squares, changes, previous } = stats;
  for (let i = 0; i < sum.length; i++) {
    const v = (pixels[i] ?? 0) - mean;
    sum[i] = (sum[i] ?? 0) + v;
    squares[i] = (squares[i] ?? 0) + v * v;
    if (previous) changes[i] = (changes[i] ?? 0) + ((pixels[i] ?? 0) - (previous[i] ?? 0)) ** 2;
  }
  stats.previous = pixels;
  stats.frames++;
}

/** Frame-to-frame change energy that is only noise (compression, sensor). */
export const CHANGE_NOISE = 2;

/** Per pixel, its mean value over the frames added. */
export function pixelMeans(stats: BlendStats): Float32Array {
  const frames = Math.max(1, stats.frames);
  return Float32Array.from(stats.sum, (sum) => sum / frames + stats.mean);
}

/** Per pixel, the mean squared change between consecutive frames added. */
export function changeEnergy(stats: BlendStats): Float64Array {
  const pairsOfFrames = Math.max(1, stats.frames - 1);
  return stats.changes.map((sum) => sum / pairsOfFrames);
}

/** Mean value over the given frames (or all of a window's pixels): the centring constant. */
export function meanOf(planes: readonly Uint8Array[]): number {
  let total = 0;
  let count = 0;
  for (const plane of planes) {
    for (const value of plane) total += value;
    count += plane.length;
  }
  return count === 0 ? 128 : total / count;
}
