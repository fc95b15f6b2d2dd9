/**
 * Cubic B-spline sampling of images stored row after row, `width` per row: a 4x4 block of
 * pixels around the point, weighted alike wherever between pixels it falls. Unlike bilinear
 * sampling, which leaves a picture as sharp as it was at a pixel and blurs it most halfway
 * between, it smooths evenly (about as a Gaussian of 0.6 pixel), so a picture read at a point
 * that moves across the pixels keeps one sharpness. It does not pass through the pixels: a
 * line or a flat picture is read as it is, a lone bright pixel at 4/9 of its height.
 */

const weightsX = new Float64Array(4);
const weightsY = new Float64Array(4);
const columns = new Int32Array(4);
const rows = new Int32Array(4);

/** The B-spline's weights of the four pixels around a point `t` (0 to 1) past the second. */
function splineWeights(t: number, weights: Float64Array): void {
  const s = 1 - t;
  const t2 = t * t;
  weights[0] = (s * s * s) / 6;
  weights[1] = (3 * t2 * t - 6 * t2 + 4) / 6;
  weights[2] = (-3 * t2 * t + 3 * t2 + 3 * t + 1) / 6;
  weights[3] = (t2 * t) / 6;
}

/** The four pixels around `at` along one side `size` long, the edge's repeated past it. */
function around(at: number, size: number, out: Int32Array, weights: Float64Array): void {
  const first = Math.floor(at);
  splineWeights(at - first, weights);
  for (let i = 0; i < 4; i++) out[i] = Math.min(size - 1, Math.max(0, first - 1 + i));
}

/** The value of `values` (a `width` x `height` image) at (x, y), read through the spline. */
export function readSpline(
  values: Float32Array | Uint8ClampedArray,
  width: number,
  height: number,
  x: number,
  y: number,
): number {
  around(x, width, columns, weightsX);
  around(y, height, rows, weightsY);
  let sum = 0;
  for (let j = 0; j < 4; j++) {
    const row = (rows[j] as number) * width;
    let line = 0;
    for (let i = 0; i < 4; i++) {
      line += (values[row + (columns[i] as number)] as number) * (weightsX[i] as number);
    }
    sum += line * (weightsY[j] as number);
  }
  return sum;
}
