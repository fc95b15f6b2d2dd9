/**
 * The pieces of smart fill's backward pass: records kept in a file, the windows of every frame
 * spooled and put back, and the tape that carries a fill from the backward pass to the forward
 * one (which fill wins where).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  recordingTape,
  recordSize,
  replayingTape,
  type TapeLayout,
} from "../src/smartfill/fill-tape";
import { markWindow } from "../src/smartfill/mark-window";
import { createRecordFile } from "../src/smartfill/record-file";
import { createWindowSpool, SPOOL_BYTES } from "../src/smartfill/window-spool";
import { layout, REGION } from "./synthetic-footage";

const dir = mkdtempSync(join(tmpdir(), "wr-two-way-units-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a file of records", () => {
  test("gives back each record by index, in any order, and is deleted on removal", () => {
    const path = join(dir, "records");
    const file = createRecordFile(path, 3);
    for (const first of [7, 1, 250]) file.append(Uint8Array.of(first, first + 1, first + 2));
    expect(file.count).toBe(3);
    file.write(5, Uint8Array.of(4, 5, 6));
    expect(file.count).toBe(6);
    const into = new Uint8Array(3);
    file.read(2, into);
    expect([...into]).toEqual([250, 251, 252]);
    file.read(0, into);
    expect([...into]).toEqual([7, 8, 9]);
    // A record skipped over reads as zeros.
    file.read(4, into);
    expect([...into]).toEqual([0, 0, 0]);
    file.read(5, into);
    expect([...into]).toEqual([4, 5, 6]);
    expect(() => file.read(6, into)).toThrow();
    expect(() => file.append(new Uint8Array(2))).toThrow();
    file.remove();
    file.remove();
    expect(existsSync(path)).toBe(false);
  });
});

describe("the spool of the windows around the regions", () => {
  const windows = markWindow(layout, REGION);

  test("puts back the windows of the frame asked for, and nothing else", () => {
    const spool = createWindowSpool(join(dir, "spool"), windows, 2);
    if (!spool) throw new Error("no spool");
    const frames = [0, 1].map((seed) =>
      Uint8Array.from({ length: layout.frameSize }, (_, i) => (i * 7 + seed * 31) % 256),
    );
    for (const frame of frames) spool.add(frame);
    expect(spool.count).toBe(2);
    expect(spool.complete).toBe(true);
    const blank = new Uint8Array(layout.frameSize);
    spool.restore(0, blank);
    // Every pixel is either left blank or frame 0's; the windows' are all frame 0's.
    let inWindows = 0;
    let wrong = 0;
    blank.forEach((value, i) => {
      if (value === (frames[0] as Uint8Array)[i]) inWindows++;
      else if (value !== 0) wrong++;
    });
    expect(wrong).toBe(0);
    const windowPixels = windows.reduce((sum, w) => sum + w.width * w.height, 0);
    expect(inWindows).toBeGreaterThanOrEqual(windowPixels);
    expect(inWindows).toBeLessThan(windowPixels + blank.length / 200);
    spool.remove();
  });

  test("is not made for a video whose windows would take more than SPOOL_BYTES", () => {
    const perFrame = windows.reduce((sum, w) => sum + w.width * w.height, 0);
    const frames = Math.ceil(SPOOL_BYTES / perFrame) + 1;
    expect(createWindowSpool(join(dir, "too-long"), windows, frames)).toBeNull();
    expect(existsSync(join(dir, "too-long"))).toBe(false);
  });
});

describe("the tape from the backward pass to the forward one", () => {
  /** Two filled luma pixels, one per chroma plane; the window's filled pixels are 1, 3 (luma). */
  const tapeLayout: TapeLayout = [2, 1, 1];
  const pixels = [Int32Array.of(1, 3), Int32Array.of(0), Int32Array.of(0)] as const;

  test("hands each frame the backward fill of that frame, and none to a frame it skipped", () => {
    const file = createRecordFile(join(dir, "tape"), recordSize(tapeLayout));
    const record = recordingTape(file, tapeLayout);
    // The backward pass meets frame 2, then frame 0: frame 1 did not show the mark.
    for (const [index, level] of [
      [2, 200],
      [0, 100],
    ] as const) {
      for (const plane of [0, 1, 2] as const) {
        const values = new Float32Array(4).fill(level);
        const found = new Uint8Array(pixels[plane].length).fill(1);
        record(index, plane, values, pixels[plane], found);
      }
    }
    expect(file.count).toBe(3);
    const replay = replayingTape(file, tapeLayout);
    const seen: number[] = [];
    for (const index of [0, 1, 2, 3]) {
      const values = new Float32Array(4).fill(50);
      replay(index, 0, values, pixels[0], Uint8Array.of(0, 0));
      replay(index, 1, new Float32Array(1), pixels[1], Uint8Array.of(0));
      replay(index, 2, new Float32Array(1), pixels[2], Uint8Array.of(0));
      seen.push(values[1] as number, values[3] as number, values[0] as number);
    }
    // The pixels not filled (0) keep the forward value; frames 1 and 3 have no backward fill.
    expect(seen).toEqual([100, 100, 50, 50, 50, 50, 200, 200, 50, 50, 50, 50]);
    file.remove();
  });

  test("mixes where both found the picture, keeps the forward fill where the backward found none", () => {
    const file = createRecordFile(join(dir, "tape-mix"), recordSize(tapeLayout));
    const record = recordingTape(file, tapeLayout);
    record(0, 0, Float32Array.of(0, 80, 0, 90), pixels[0], Uint8Array.of(1, 0));
    record(0, 1, Float32Array.of(10), pixels[1], Uint8Array.of(1));
    record(0, 2, Float32Array.of(300), pixels[2], Uint8Array.of(1));
    const replay = replayingTape(file, tapeLayout);
    const luma = Float32Array.of(0, 120, 0, 40);
    replay(0, 0, luma, pixels[0], Uint8Array.of(1, 1));
    // Found both ways: the mean; found forward only: the forward fill.
    expect([luma[1], luma[3]]).toEqual([100, 40]);
    const u = Float32Array.of(30);
    replay(0, 1, u, pixels[1], Uint8Array.of(0));
    // Found backward only: the backward fill.
    expect(u[0]).toBe(10);
    const v = Float32Array.of(0);
    replay(0, 2, v, pixels[2], Uint8Array.of(0));
    // Recorded as a frame can hold it: clamped to 255.
    expect(v[0]).toBe(255);
    file.remove();
  });
});
