/** Halving (or quartering) a window's grids, and back: for solving coarse to fine. */

export type GridSize = { width: number; height: number };

export function reduced(size: GridSize, factor: number): GridSize {
  return { width: Math.ceil(size.width / factor), height: Math.ceil(size.height / factor) };
}

/** Mean of each factor x factor block (clipped at the edges). */
export function shrinkPixels(pixels: Uint8Array, size: GridSize, factor: number): Uint8Array {
  const small = reduced(size, factor);
  const sums = new Float64Array(small.width * small.height);
  const counts = new Float64Array(small.width * small.height);
  for (let y = 0; y < size.height; y++) {
    const row = Math.floor(y / factor) * small.width;
    for (let x = 0; x < size.width; x++) {
      const i = row + Math.floor(x / factor);
      sums[i] = (sums[i] ?? 0) + (pixels[y * size.width + x] ?? 0);
      counts[i] = (counts[i] ?? 0) + 1;
    }
  }
  return Uint8Array.from(sums, (sum, i) => Math.round(sum / (counts[i] || 1)));
}

/** 1 where any pixel of the block is 1. */
export function shrinkMask(mask: Uint8Array, size: GridSize, factor: number): Uint8Array {
  const small = reduced(size, factor);
  const out = new Uint8Array(small.width * small.height);
  for (let y = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++) {
      if (mask[y * size.width + x])
        out[Math.floor(y / factor) * small.width + Math.floor(x / factor)] = 1;
    }
  }
  return out;
}

/** Bilinear enlargement of a field solved on a grid `factor` times smaller. */
export function growField(field: ArrayLike<number>, size: GridSize, factor: number): Float64Array {
  const small = reduced(size, factor);
  const out = new Float64Array(size.width * size.height);
  const at = (x: number, y: number) =>
    field[
      Math.min(small.height - 1, Math.max(0, y)) * small.width +
        Math.min(small.width - 1, Math.max(0, x))
    ] ?? 0;
  for (let y = 0; y < size.height; y++) {
    const sy = (y + 0.5) / factor - 0.5;
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    for (let x = 0; x < size.width; x++) {
      const sx = (x + 0.5) / factor - 0.5;
      const x0 = Math.floor(sx);
      const fx = sx - x0;
      out[y * size.width + x] =
        (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x0 + 1, y0)) +
        fy * ((1 - fx) * at(x0, y0 + 1) + fx * at(x0 + 1, y0 + 1));
    }
  }
  return out;
}
