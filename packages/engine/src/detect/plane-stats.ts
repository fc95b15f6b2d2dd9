/**
 * Per-pixel sums over frames for one image plane: the signed gradient (central differences),
 * its orientation as a doubled angle (the same for a gradient and its opposite), its magnitude,
 * and the value and its square. A mark that stays put keeps its gradient from frame to frame,
 * so the mean gradient stays large; moving picture averages it away. Where a semi-transparent
 * mark's edge is sometimes brighter and sometimes darker than the picture beneath, the sign
 * flips but the orientation stays.
 */
export type PlaneStats = {
  width: number;
  height: number;
  count: number;
  gx: Float32Array;
  gy: Float32Array;
  ox: Float32Array;
  oy: Float32Array;
  magnitude: Float32Array;
  sum: Float32Array;
  squares: Float32Array;
};

export function createPlaneStats(width: number, height: number): PlaneStats {
  const size = width * height;
  return {
    width,
    height,
    count: 0,
    gx: new Float32Array(size),
    gy: new Float32Array(size),
    ox: new Float32Array(size),
    oy: new Float32Array(size),
    magnitude: new Float32Array(size),
    sum: new Float32Array(size),
    squares: new Float32Array(size),
  };
}

/** Adds one frame's plane, `width * height` bytes from `offset` of `frame`. */
export function addPlane(stats: PlaneStats, frame: Uint8Array, offset: number): void {
  const { width, height, gx, gy, ox, oy, magnitude, sum, squares } = stats;
  for (let y = 0; y < height; y++) {
    const row = offset + y * width;
    const up = y > 0 ? row - width : row;
    const down = y < height - 1 ? row + width : row;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const value = frame[row + x] as number;
      const left = frame[row + (x > 0 ? x - 1 : x)] as number;
      const right = frame[row + (x < width - 1 ? x + 1 : x)] as number;
      const dx = right - left;
      const dy = (frame[down + x] as number) - (frame[up + x] as number);
      gx[i] = (gx[i] as number) + dx;
      gy[i] = (gy[i] as number) + dy;
      const length = Math.sqrt(dx * dx + dy * dy);
      magnitude[i] = (magnitude[i] as number) + length;
      if (length > 0) {
        ox[i] = (ox[i] as number) + (dx * dx - dy * dy) / length;
        oy[i] = (oy[i] as number) + (2 * dx * dy) / length;
      }
      sum[i] = (sum[i] as number) + value;
      squares[i] = (squares[i] as number) + value * value;
    }
  }
  stats.count++;
}

/** The sums of several stretches of frames, as if they had been one (one stretch as it is). */
export function mergeStats(parts: readonly PlaneStats[]): PlaneStats {
  const first = parts[0];
  if (!first) throw new RangeError("Nothing to merge");
  if (parts.length === 1) return first;
  const merged = createPlaneStats(first.width, first.height);
  for (const part of parts) {
    merged.count += part.count;
    for (const key of ["gx", "gy", "ox", "oy", "magnitude", "sum", "squares"] as const) {
      const into = merged[key];
      const from = part[key];
      for (let i = 0; i < into.length; i++) into[i] = (into[i] as number) + (from[i] as number);
    }
  }
  return merged;
}

/**
 * Per pixel: the mean gradient's length (`steady`), the length of the mean oriented gradient
 * (`aligned`, sign ignored), the mean gradient magnitude and the value's spread over time.
 */
export type PlaneFeatures = {
  width: number;
  height: number;
  steady: Float32Array;
  aligned: Float32Array;
  busy: Float32Array;
  spread: Float32Array;
};

export function planeFeatures(stats: PlaneStats): PlaneFeatures {
  const n = Math.max(1, stats.count);
  const size = stats.width * stats.height;
  const steady = new Float32Array(size);
  const aligned = new Float32Array(size);
  const busy = new Float32Array(size);
  const spread = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    steady[i] = Math.hypot(stats.gx[i] as number, stats.gy[i] as number) / n;
    aligned[i] = Math.hypot(stats.ox[i] as number, stats.oy[i] as number) / n;
    busy[i] = (stats.magnitude[i] as number) / n;
    const mean = (stats.sum[i] as number) / n;
    spread[i] = Math.sqrt(Math.max(0, (stats.squares[i] as number) / n - mean * mean));
  }
  return { width: stats.width, height: stats.height, steady, aligned, busy, spread };
}
