/** Bilinear sampling of images stored row after row, `width` per row. */

/** Where a sample falls: the top-left pixel of its 2x2 block and the block's four weights. */
export type BilinearTap = { index: number; w00: number; w01: number; w10: number; w11: number };

export const bilinearTap = (): BilinearTap => ({ index: 0, w00: 0, w01: 0, w10: 0, w11: 0 });

/**
 * Points `tap` at (x, y) of a `width` x `height` image; false (and `tap` unchanged) when the
 * point lies outside it, or less than `inset` from its edge.
 */
export function placeTap(
  tap: BilinearTap,
  width: number,
  height: number,
  x: number,
  y: number,
  inset = 0,
): boolean {
  if (!(x >= inset && y >= inset && x <= width - 1 - inset && y <= height - 1 - inset)) {
    return false;
  }
  const x0 = Math.min(width - 2, Math.floor(x));
  const y0 = Math.min(height - 2, Math.floor(y));
  const fx = x - x0;
  const fy = y - y0;
  tap.index = y0 * width + x0;
  tap.w00 = (1 - fx) * (1 - fy);
  tap.w01 = fx * (1 - fy);
  tap.w10 = (1 - fx) * fy;
  tap.w11 = fx * fy;
  return true;
}

/** The value of `values` (an image `width` wide) at a placed tap. */
export function readTap(
  values: Float32Array | Uint8ClampedArray,
  width: number,
  tap: BilinearTap,
): number {
  const a = tap.index;
  return (
    (values[a] as number) * tap.w00 +
    (values[a + 1] as number) * tap.w01 +
    (values[a + width] as number) * tap.w10 +
    (values[a + width + 1] as number) * tap.w11
  );
}

/** Whether a placed tap reads only pixels set in `mask` (an image `width` wide). */
export function tapWithin(mask: Uint8Array, width: number, tap: BilinearTap): boolean {
  const a = tap.index;
  return !!(mask[a] && mask[a + 1] && mask[a + width] && mask[a + width + 1]);
}
