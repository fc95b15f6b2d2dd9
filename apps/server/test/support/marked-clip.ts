import { basename, join } from "node:path";
import { probeMedia } from "@wr/engine";
import {
  type Area,
  compositeMarks,
  createRng,
  LIMITS,
  type MarkKind,
  planMark,
  seedFrom,
  trueMarks,
} from "@wr/engine/testing";

/** A shared clip with a generated watermark burnt in, and where the mark truly is. */
export type MarkedClip = { path: string; mark: Area };

/**
 * Burns one mark of `kind` (seeded, so the same every run) into `clean`, written into `dir`:
 * the footage a user would bring, with a known answer for detection.
 */
export async function markedClip(clean: string, kind: MarkKind, dir: string): Promise<MarkedClip> {
  const media = await probeMedia(clean, { ...LIMITS, timeoutMs: 30_000 });
  const shape = {
    width: media.width,
    height: media.height,
    frames: media.frameCount,
    fps: media.fps,
  };
  const plan = planMark(kind, shape, createRng(seedFrom(`detect/${basename(clean)}/${kind}`)));
  const [mark] = trueMarks(plan);
  if (!mark || plan.overlays.length !== 1) throw new Error(`a ${kind} mark is one overlay`);
  const path = join(dir, `marked-${kind}.mp4`);
  await compositeMarks(clean, plan, dir, path);
  const { x, y, width, height } = mark;
  return { path, mark: { x, y, width, height } };
}
