/**
 * The pieces of smart fill's two fill passes: records kept in a file, the windows of every
 * frame spooled and put back, and which pass's fill wins where.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mixBackward } from "../src/smartfill/fill-record";
import { markWindow } from "../src/smartfill/mark-window";
import { createRecordFile } from "../src/smartfill/record-file";
import { createSpatialSeam } from "../src/smartfill/spatial-seam";
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

describe("the backward fill mixed into the forward one", () => {
  // A window of six pixels; the filled ones are 1, 2, 4 and 5.
  const pixels = Int32Array.of(1, 2, 4, 5);
  const back = Uint8Array.of(0, 50, 50, 0, 50, 50);

  test("gives the mean where both found the picture, the backward one where only it did", () => {
    const values = Float32Array.of(9, 100, 100, 9, 100, 100);
    // Found: forward and backward, backward only, forward only, neither.
    mixBackward(values, pixels, Uint8Array.of(1, 0, 1, 0), back, Uint8Array.of(1, 1, 0, 0));
    expect([...values]).toEqual([9, 75, 50, 9, 100, 100]);
  });

  test("weighs each pass's picture by the inverse of its age", () => {
    const values = Float32Array.of(9, 100, 100, 9, 100, 100);
    // Forward seen 1 and 4 frames ago, backward 3 and 4, then backward only (5 frames ago).
    const ages = Uint8Array.of(1, 4, 0, 0);
    mixBackward(values, pixels, ages, back, Uint8Array.of(3, 4, 5, 0));
    // Weights 3:1 and 1:1; the ages left are those of the pictures taken.
    expect([...values]).toEqual([9, 87.5, 75, 9, 50, 100]);
    expect([...ages]).toEqual([1, 4, 5, 0]);
  });
});

describe("the spatial fill's seam with the carried picture", () => {
  // A row of ten pixels: 0 and 9 are the frame's, 1-8 filled; 1-4 carried, 5-8 spatially
  // filled. The spatial fill meets the frame (50) but not the carried picture (100).
  const pixels = Int32Array.of(1, 2, 3, 4, 5, 6, 7, 8);
  const row = () => Float32Array.of(100, 100, 100, 100, 100, 50, 50, 50, 50, 50);
  const carried = Uint8Array.of(2, 1, 1, 3, 0, 0, 0, 0);

  test("spreads the mismatch at the carried edge over the spatial fill, none at the frame", () => {
    const seam = createSpatialSeam(10, 1, pixels);
    // 50 at the carried edge, 0 at the frame: a straight ramp between them, on its way there
    // on the first frame, settled by the fourth, each frame starting from the last one's.
    const expected = [100, 100, 100, 100, 100, 90, 80, 70, 60, 50];
    for (const within of [6, 1, 0.2, 0.05]) {
      const values = row();
      seam(values, carried);
      values.forEach((value, i) => {
        expect(Math.abs(value - (expected[i] as number))).toBeLessThan(within);
      });
    }
  });

  test("keeps the spatial fill's own detail on top of the ramp", () => {
    const seam = createSpatialSeam(10, 1, pixels);
    let values = row();
    for (let frame = 0; frame < 3; frame++) {
      values = row();
      values[6] = 58;
      seam(values, carried);
    }
    expect((values[6] as number) - (values[5] as number)).toBeCloseTo(-10 + 8, 0);
  });

  test("changes nothing where all or none of the filled pixels were carried", () => {
    for (const found of [new Uint8Array(8), new Uint8Array(8).fill(1)]) {
      const values = row();
      createSpatialSeam(10, 1, pixels)(values, found);
      expect([...values]).toEqual([...row()]);
    }
  });
});
