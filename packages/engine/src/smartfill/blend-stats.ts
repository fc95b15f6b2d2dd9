/**
 * Running sums over frames of one plane's window, enough to write down how smooth the picture
 * would be after any per-pixel affine correction B = a * (I - mean) + mean + b, without keeping
 * the frames: per pixel sum x and x^2, per pair of neighbours (right, below) sum x_p * x_q,
 * where x = I - mean.
 */
export type BlendStats = {
  width: number;
  height: number;
  /** The constant the values are centred on (so a and b stay loosely coupled). */
  mean: number;
  frames: number;
  sum: Float64Array;
  squares: Float64Array;
  right: Float64Array;
  down: Float64Array;
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
    right: new Float64Array(size),
    down: new Float64Array(size),
    changes: new Float64Array(size),
    previous: null,
  };
}

/** Adds one frame's window (width * height bytes, row by row). */
export function addFrame(stats: BlendStats, pixels: Uint8Array): void {
  const { width, height, mean, sum, squares, right, down, changes, previous } = stats;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      const v = (pixels[i] ?? 0) - mean;
      sum[i] = (sum[i] ?? 0) + v;
      squares[i] = (squares[i] ?? 0) + v * v;
      if (x + 1 < width) right[i] = (right[i] ?? 0) + v * ((pixels[i + 1] ?? 0) - mean);
      if (y + 1 < height) down[i] = (down[i] ?? 0) + v * ((pixels[i + width] ?? 0) - mean);
      if (previous) changes[i] = (changes[i] ?? 0) + ((pixels[i] ?? 0) - (previous[i] ?? 0)) ** 2;
    }
  }
  stats.previous = pixels;
  stats.frames++;
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
