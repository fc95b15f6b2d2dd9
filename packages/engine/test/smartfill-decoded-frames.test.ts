/**
 * The frames the first pass decodes are kept in a file and read back when the frames are
 * written, instead of being decoded a second time; a video whose frames would take too much
 * is decoded again.
 */
import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { keepDecodedFrames } from "../src/smartfill/decoded-frames";
import { scratchDir } from "./clips";

const SIZE = 6;
const frame = (index: number) => new Uint8Array(SIZE).map((_, i) => index * 10 + i);

async function readAll(frames: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const read: Uint8Array[] = [];
  for await (const each of frames) read.push(each);
  return read;
}

test("the frames kept come back in order, each in a buffer of its own, and remove deletes them", async () => {
  const dir = await scratchDir();
  try {
    const path = join(dir.path, "out.mp4.decoded");
    const kept = keepDecodedFrames(path, SIZE, 3);
    if (!kept) throw new Error("the frames were not kept");
    for (let index = 0; index < 3; index++) kept.add(frame(index));
    expect(kept.complete).toBe(true);
    const read = await readAll(kept.frames());
    expect(read).toEqual([frame(0), frame(1), frame(2)]);
    expect(new Set(read.map((each) => each.buffer)).size).toBe(3);
    kept.remove();
    expect(existsSync(path)).toBe(false);
  } finally {
    await dir.remove();
  }
});

test("frames that would take more than the most allowed are not kept", async () => {
  const dir = await scratchDir();
  try {
    const path = join(dir.path, "out.mp4.decoded");
    expect(keepDecodedFrames(path, SIZE, 3, 2 * SIZE)).toBeNull();
    expect(existsSync(path)).toBe(false);
    // A video longer than it said: past the most allowed, the frames are dropped.
    const kept = keepDecodedFrames(path, SIZE, 2, 2 * SIZE);
    if (!kept) throw new Error("the frames were not kept");
    for (let index = 0; index < 3; index++) kept.add(frame(index));
    expect(kept.complete).toBe(false);
    expect(existsSync(path)).toBe(false);
    expect(readAll(kept.frames())).rejects.toThrow("not kept");
  } finally {
    await dir.remove();
  }
});
