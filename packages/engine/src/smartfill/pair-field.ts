/**
 * Values on the pairs of neighbouring pixels of a window grid: `right[i]` belongs to the pair
 * (i, i + 1), `down[i]` to (i, i + width). Pairs that leave the grid are never read.
 */
export type PairField = { width: number; height: number; right: Float64Array; down: Float64Array };

export function createPairField(width: number, height: number): PairField {
  const size = width * height;
  return { width, height, right: new Float64Array(size), down: new Float64Array(size) };
}

/** Visits each pair (i, j) of neighbours, right then below, with the field's index of the pair. */
export function eachPair(
  width: number,
  height: number,
  visit: (i: number, j: number, field: "right" | "down") => void,
): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (x + 1 < width) visit(i, i + 1, "right");
      if (y + 1 < height) visit(i, i + width, "down");
    }
  }
}
