/**
 * Per-pixel sums over frames for one image plane: the signed gradient (central differences),
 * its magnitude, and the value and its square. A mark that stays put keeps its gradient from
 * frame to frame, so the mean gradient stays large; moving picture averages it away.
 */
export type PlaneStats = {
  width: number;
  height: number;
  count: number;
  gx: Float32Array;
  gy: Float32Array;
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
    magnitude: new Float32Array(size),
    sum: new Float32Array(size),
    squares: new Float32Array(size),
  };
}

/** Adds one frame's plane, `width * height` bytes from `offset` of `frame`. */
export function addPlane(stats: PlaneStats, frame: Uint8Array, offset: number): void {
  const { width, height, gx, gy, magnitude, sum, squares } = stats;
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
      magnitude[i] = (magnitude[i] as number) + Math.sqrt(dx * dx + dy * dy);
      sum[i] = (sum[i] as number) + value;
      squares[i] = (squares[i] as number) + value * value;
    }
  }
  stats.count++;
}

/** The sums of several stretches of frames, as if they had been one. */
export function mergeStats(parts: readonly PlaneStats[]): PlaneStats {
  const first = parts[0];
  if (!first) throw new RangeError("Nothing to merge");
  const merged = createPlaneStats(first.width, first.height);
  for (const part of parts) {
    merged.count += part.count;
    for (const key of ["gx", "gy", "magnitude", "sum", "squares"] as const) {
      const into = merged[key];
      const from = part[key];
      for (let i = 0; i < into.length; i++) into[i] = (into[i] as number) + (from[i] as number);
    }
  }
  return merged;
}

/** Per pixel: mean gradient length, mean gradient magnitude and the value's spread over time. */
export type PlaneFeatures = {
  width: number;
  height: number;
  steady: Float32Array;
  busy: Float32Array;
  spread: Float32Array;
};

export function planeFeatures(stats: PlaneStats): PlaneFeatures {
  const n = Math.max(1, stats.count);
  const size = stats.width * stats.height;
  const steady = new Float32Array(size);
  const busy = new Float32Array(size);
  const spread = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    steady[i] = Math.hypot(stats.gx[i] as number, stats.gy[i] as number) / n;
    busy[i] = (stats.magnitude[i] as number) / n;
    const mean = (stats.sum[i] as number) / n;
    spread[i] = Math.sqrt(Math.max(0, (stats.squares[i] as number) / n - mean * mean));
  }
  return { width: stats.width, height: stats.height, steady, busy, spread };
}
