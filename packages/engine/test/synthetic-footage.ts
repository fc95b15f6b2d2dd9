/**
 * Synthetic footage whose truth is known, shared by the smart fill unit tests: a random
 * texture, the frame and the marked region they use, and the measures they take.
 */
import type { Region } from "../src/regions";
import type { LearntMarks } from "../src/smartfill/learn-marks";
import { smartfillFrom } from "../src/smartfill/run-smartfill";
import { yuv420Layout } from "../src/smartfill/yuv-layout";
import { createRng } from "./quality/prng";

export const WIDTH = 192;
export const HEIGHT = 128;
export const layout = yuv420Layout(WIDTH, HEIGHT);
export const REGION: Region = { x: 48, y: 40, width: 96, height: 44, start: 0, end: null };

/** Random texture of stationary statistics: a sum of sinusoids of random direction around 120. */
export function texture(seed: number) {
  const rng = createRng(seed);
  const waves = Array.from({ length: 24 }, () => {
    const angle = rng.range(0, Math.PI);
    const frequency = rng.range(0.03, 0.25);
    return {
      fx: frequency * Math.cos(angle),
      fy: frequency * Math.sin(angle),
      phase: rng.range(0, 2 * Math.PI),
      amplitude: rng.range(4, 12),
    };
  });
  return (x: number, y: number) =>
    waves.reduce((sum, w) => sum + w.amplitude * Math.sin(w.fx * x + w.fy * y + w.phase), 120);
}

/** Sum of squared luma differences inside REGION. */
export function squaredErrorInRegion(a: Uint8Array, b: Uint8Array): number {
  let squared = 0;
  for (let y = REGION.y; y < REGION.y + REGION.height; y++) {
    for (let x = REGION.x; x < REGION.x + REGION.width; x++) {
      squared += ((a[y * WIDTH + x] as number) - (b[y * WIDTH + x] as number)) ** 2;
    }
  }
  return squared;
}

/** Luma PSNR inside REGION over pairs of frames (output, truth), pooled. */
export function psnrInRegion(pairs: readonly (readonly [Uint8Array, Uint8Array])[]): number {
  let squared = 0;
  for (const [a, b] of pairs) squared += squaredErrorInRegion(a, b);
  const mean = squared / (pairs.length * REGION.width * REGION.height);
  return 10 * Math.log10((255 * 255) / Math.max(1e-9, mean));
}

/** Smart fill, as learnt, over frames of the synthetic size with REGION marked (on copies). */
export async function smartfillFrames(
  marks: LearntMarks,
  frames: readonly Uint8Array[],
): Promise<Uint8Array[]> {
  const run = { media: { width: WIDTH, height: HEIGHT }, regions: [REGION] } as never;
  const transform = smartfillFrom(run, marks);
  async function* source() {
    for (const frame of frames) yield frame.slice();
  }
  const outputs: Uint8Array[] = [];
  for await (const frame of transform(source())) outputs.push(frame);
  return outputs;
}
