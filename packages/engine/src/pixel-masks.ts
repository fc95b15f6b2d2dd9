/** Operations on 0/1 pixel masks, row after row, `width` per row. */

/** Grows a 0/1 mask by `radius` pixels in each direction (a square structuring element). */
export function dilate(mask: Uint8Array, width: number, height: number, radius: number) {
  if (radius <= 0) return mask.slice();
  const across = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let last = -1e9;
    for (let x = 0; x < width + radius; x++) {
      if (x < width && mask[row + x]) last = x;
      const at = x - radius;
      if (at >= 0 && at < width && x - last <= 2 * radius) across[row + at] = 1;
    }
  }
  const grown = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) {
    let last = -1e9;
    for (let y = 0; y < height + radius; y++) {
      if (y < height && across[y * width + x]) last = y;
      const at = y - radius;
      if (at >= 0 && at < height && y - last <= 2 * radius) grown[at * width + x] = 1;
    }
  }
  return grown;
}

/** Shrinks a 0/1 mask by `radius`: a pixel stays where its whole square neighbourhood is set. */
export function erode(mask: Uint8Array, width: number, height: number, radius: number) {
  const inverse = mask.map((v) => (v ? 0 : 1));
  return dilate(inverse, width, height, radius).map((v) => (v ? 0 : 1));
}

/** The indices of the pixels set in `mask`, in scan order. */
export function setPixels(mask: Uint8Array): Int32Array {
  const pixels: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) pixels.push(i);
  return Int32Array.from(pixels);
}

/** Share of the pixels set in `within` that are also set in `mask` (0 when none is within). */
export function shareOf(mask: Uint8Array, within: Uint8Array): number {
  let total = 0;
  let set = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!within[i]) continue;
    total++;
    set += mask[i] as number;
  }
  return total === 0 ? 0 : set / total;
}

/**
 * The mask with the pixels it cuts off from the grid's edge added (its holes): those that no
 * path of 4-neighbours outside the mask joins to the edge.
 */
export function withHoles(mask: Uint8Array, width: number, height: number): Uint8Array {
  const reached = new Uint8Array(mask.length);
  const queue: number[] = [];
  const visit = (i: number) => {
    if (mask[i] || reached[i]) return;
    reached[i] = 1;
    queue.push(i);
  };
  for (let x = 0; x < width; x++) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head] as number;
    const x = i % width;
    if (x > 0) visit(i - 1);
    if (x + 1 < width) visit(i + 1);
    if (i >= width) visit(i - width);
    if (i + width < mask.length) visit(i + width);
  }
  return reached.map((set) => 1 - set);
}
