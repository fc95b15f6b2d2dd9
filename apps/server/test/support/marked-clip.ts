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
  const [overlay] = plan.overlays;
  if (!overlay || plan.overlays.length !== 1) throw new Error(`a ${kind} mark is one overlay`);
  const path = join(dir, `marked-${kind}.mp4`);
  await compositeMarks(clean, plan, dir, path);
  const { x, y, width, height } = overlay;
  return { path, mark: { x, y, width, height } };
}

/** Intersection over union of two boxes: 1 for the same box, 0 for boxes apart. */
export function iou(a: Area, b: Area): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const overlap = Math.max(0, width) * Math.max(0, height);
  const union = a.width * a.height + b.width * b.height - overlap;
  return union > 0 ? overlap / union : 0;
}
