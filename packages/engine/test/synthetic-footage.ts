/**
 * Synthetic footage whose truth is known, shared by the smart fill unit tests: a random
 * texture, the frame and the marked region they use, and the measures they take.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDeadline } from "../src/ffmpeg/deadline";
import type { Region } from "../src/regions";
import { startForwardPass } from "../src/smartfill/fill-passes";
import type { LearntMarks } from "../src/smartfill/learn-marks";
import { smartfillBothWays, smartfillFrom, spoolWindows } from "../src/smartfill/run-smartfill";
import { createWindowSpool } from "../src/smartfill/window-spool";
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

/**
 * Smart fill as learnt, with the two fill passes (fill-passes.ts) over the same frames: they
 * are spooled as the first pass would, in a folder of their own, which is deleted after. Also
 * returns what was left in that folder once the passes had removed their files. With
 * `aheadFor` (ms), the forward pass's thread is started that long before its job, as while
 * the marks are learnt (it tracks the motion ahead).
 */
export async function smartfillBothWaysFrames(
  marks: LearntMarks,
  frames: readonly Uint8Array[],
  aheadFor?: number,
): Promise<{ outputs: Uint8Array[]; leftOver: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), "wr-two-way-"));
  const deadline = startDeadline(60_000);
  try {
    const run = {
      media: { width: WIDTH, height: HEIGHT, frameCount: frames.length },
      regions: [REGION],
      outputPath: join(dir, "out.mp4"),
    } as never;
    const spool = createWindowSpool(join(dir, "frames"), spoolWindows(run), frames.length);
    if (!spool) throw new Error("the frames were not spooled");
    for (const frame of frames) spool.add(frame);
    const forward = aheadFor === undefined ? undefined : startForwardPass(run, spool);
    if (aheadFor) await Bun.sleep(aheadFor);
    const progress = () => {};
    const { transform, passes } = await smartfillBothWays(
      run,
      marks,
      spool,
      deadline,
      progress,
      forward,
    );
    async function* source() {
      for (const frame of frames) yield frame.slice();
    }
    const outputs: Uint8Array[] = [];
    for await (const frame of transform(source())) outputs.push(frame);
    passes.remove();
    return { outputs, leftOver: await readdir(dir) };
  } finally {
    deadline.dispose();
    await rm(dir, { recursive: true, force: true });
  }
}
