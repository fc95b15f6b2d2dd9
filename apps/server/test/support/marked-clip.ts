import { type Area, burnMark, type MarkKind } from "@wr/engine/testing";

/** A shared clip with a generated watermark burnt in, and where the mark truly is. */
export type MarkedClip = { path: string; mark: Area };

/**
 * Burns one mark of `kind` (seeded, so the same every run) into `clean`, written into `dir`:
 * the footage a user would bring, with a known answer for detection.
 */
export async function markedClip(clean: string, kind: MarkKind, dir: string): Promise<MarkedClip> {
  const { path, marks } = await burnMark(clean, kind, "detect", dir);
  const [mark] = marks;
  if (!mark || marks.length !== 1) throw new Error(`a ${kind} mark is one overlay`);
  const { x, y, width, height } = mark;
  return { path, mark: { x, y, width, height } };
}
