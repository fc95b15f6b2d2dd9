/**
 * The membrane (harmonic) fill shared by smart fill's fills: the masked pixels relaxed towards
 * the mean of their neighbours by successive over-relaxation, the others held fixed.
 */

/**
 * Over-relaxation factor of the sweeps. The best for a hole n pixels across is about
 * 2 / (1 + sin(pi / n)): 1.9 suits marks 40 to 100 pixels across, which a few sweeps per frame
 * then bring most of the way to a change in the light around them (1.8 suits 20).
 */
const OMEGA = 1.9;

/**
 * Per pixel of `pixels` (indices into an image `width` x `height`), its four neighbours'
 * indices (west, east, north, south); -1 off the image.
 */
export function neighbourTable(width: number, height: number, pixels: Int32Array): Int32Array {
  const table = new Int32Array(pixels.length * 4).fill(-1);
  pixels.forEach((i, k) => {
    const x = i % width;
    if (x > 0) table[4 * k] = i - 1;
    if (x + 1 < width) table[4 * k + 1] = i + 1;
    if (i >= width) table[4 * k + 2] = i - width;
    if (i + width < width * height) table[4 * k + 3] = i + width;
  });
  return table;
}

/**
 * `sweeps` sweeps over `pixels`, in their order, each pixel moved towards its neighbours' mean.
 * The hot loop of every fill: a pixel with all four neighbours (nearly all) takes no branch.
 */
export function relaxMembrane(
  values: Float32Array,
  pixels: Int32Array,
  neighbours: Int32Array,
  sweeps: number,
): void {
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (let k = 0, q = 0; k < pixels.length; k++, q += 4) {
      const i = pixels[k] as number;
      const west = neighbours[q] as number;
      const east = neighbours[q + 1] as number;
      const north = neighbours[q + 2] as number;
      const south = neighbours[q + 3] as number;
      if ((west | east | north | south) >= 0) {
        const sum =
          (values[west] as number) +
          (values[east] as number) +
          (values[north] as number) +
          (values[south] as number);
        values[i] = (1 - OMEGA) * (values[i] as number) + (OMEGA * sum) / 4;
        continue;
      }
      let sum = 0;
      let count = 0;
      for (const n of [west, east, north, south]) {
        if (n < 0) continue;
        sum += values[n] as number;
        count++;
      }
      if (count > 0) values[i] = (1 - OMEGA) * (values[i] as number) + (OMEGA * sum) / count;
    }
  }
}
