/** The per-pair median of smart fill's learning, found by selection, is the sorted median. */
import { expect, test } from "bun:test";
import { medianOf } from "../src/smartfill/median-differences";
import { createRng } from "./quality/prng";

test("medianOf gives the sorted median for odd and even counts, with many ties or none", () => {
  const rng = createRng(3);
  for (let trial = 0; trial < 2000; trial++) {
    const count = 1 + rng.pick(130);
    const levels = trial % 2 ? 3 : 500;
    const values = Float32Array.from({ length: count }, () => rng.pick(levels) - levels / 2);
    const sorted = Float32Array.from(values).sort();
    const middle = count >> 1;
    const expected =
      count % 2 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
    expect(medianOf(values)).toBe(expected as number);
  }
});
