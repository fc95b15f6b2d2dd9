import { describe, expect, test } from "bun:test";
import { toRegions } from "../src/regions";
import { type PlaneView, sampleBorder } from "../src/smartfill/border";
import { cleanEdges } from "../src/smartfill/clean-edges";
import { fillCoonsPatch } from "../src/smartfill/coons-patch";
import { fillInverseDistance } from "../src/smartfill/inverse-distance-fill";
import { cropWindowSample } from "../src/smartfill/mark-model";
import { markWindow } from "../src/smartfill/mark-window";
import { BLENDS, createSpatialFiller, DEFAULT_SPATIAL_FILL } from "../src/smartfill/spatial-fill";
import { smoothBorder } from "../src/smartfill/temporal-smoothing";
import { type Box, regionInPlane, yuv420Layout } from "../src/smartfill/yuv-layout";

function plane(width: number, height: number, f: (x: number, y: number) => number): PlaneView {
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = f(x, y);
  return { pixels, width, height };
}

function fill(view: PlaneView, box: Box): void {
  fillCoonsPatch(view, box, sampleBorder(view, box, 3));
}

/** Largest |pixel - f| inside the box, and whether anything outside it changed. */
function check(view: PlaneView, box: Box, f: (x: number, y: number) => number) {
  let inside = 0;
  let outsideChanged = false;
  for (let y = 0; y < view.height; y++) {
    for (let x = 0; x < view.width; x++) {
      const error = Math.abs((view.pixels[y * view.width + x] ?? 0) - f(x, y));
      const within = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
      if (within) inside = Math.max(inside, error);
      else if (error !== 0) outsideChanged = true;
    }
  }
  return { inside, outsideChanged };
}

describe("yuv420p frame layout", () => {
  test("planes follow each other, chroma rounded up for odd sizes", () => {
    const even = yuv420Layout(1280, 720);
    expect(even.frameSize).toBe(1280 * 720 * 1.5);
    expect(even.planes[2]).toEqual({
      offset: 1280 * 720 + 640 * 360,
      width: 640,
      height: 360,
      shift: 1,
    });
    const odd = yuv420Layout(853, 481);
    expect(odd.planes[1]).toMatchObject({ width: 427, height: 241 });
    expect(odd.frameSize).toBe(853 * 481 + 2 * 427 * 241);
  });
  test("a region on a chroma plane is rounded outward", () => {
    const layout = yuv420Layout(1280, 720);
    expect(regionInPlane({ x: 101, y: 81, width: 5, height: 5 }, layout.planes[1])).toEqual({
      x0: 50,
      y0: 40,
      x1: 53,
      y1: 43,
    });
    expect(regionInPlane({ x: 101, y: 81, width: 5, height: 5 }, layout.planes[0])).toEqual({
      x0: 101,
      y0: 81,
      x1: 106,
      y1: 86,
    });
  });
});

describe("Coons patch fill", () => {
  const box = { x0: 20, y0: 15, x1: 40, y1: 30 };

  test("a flat surrounding gives a flat fill and nothing outside changes", () => {
    const view = plane(64, 48, (x, y) => (x >= 20 && x < 40 && y >= 15 && y < 30 ? 250 : 77));
    fill(view, box);
    expect(check(view, box, () => 77)).toEqual({ inside: 0, outsideChanged: false });
  });

  test("a linear ramp under the box is rebuilt from its border", () => {
    const ramp = (x: number, y: number) => 3 * x + y + 5;
    const view = plane(64, 48, (x, y) => (x >= 20 && x < 40 && y >= 15 && y < 30 ? 0 : ramp(x, y)));
    fill(view, box);
    const result = check(view, box, ramp);
    expect(result.outsideChanged).toBe(false);
    expect(result.inside).toBeLessThanOrEqual(1);
  });

  test("a box across the whole width blends top and bottom only", () => {
    const wide = { x0: 0, y0: 10, x1: 64, y1: 20 };
    const ramp = (_: number, y: number) => 4 * y;
    const view = plane(64, 48, (x, y) => (y >= 10 && y < 20 ? 255 : ramp(x, y)));
    fill(view, wide);
    expect(check(view, wide, ramp).inside).toBeLessThanOrEqual(1);
  });

  test("a box in a corner borrows the opposite sides", () => {
    const corner = { x0: 0, y0: 0, x1: 10, y1: 8 };
    const view = plane(32, 32, (x, y) => (x < 10 && y < 8 ? 0 : 90));
    fill(view, corner);
    expect(check(view, corner, () => 90).inside).toBe(0);
  });

  test("a box covering the whole plane becomes neutral grey", () => {
    const view = plane(8, 8, () => 3);
    fill(view, { x0: 0, y0: 0, x1: 8, y1: 8 });
    expect([...view.pixels].every((p) => p === 128)).toBe(true);
  });
});

describe("inverse-distance fill", () => {
  const box = { x0: 20, y0: 15, x1: 40, y1: 30 };
  const fillIdw = (view: PlaneView, b: Box) =>
    fillInverseDistance(view, b, sampleBorder(view, b, 3));

  test("a flat surrounding gives a flat fill and nothing outside changes", () => {
    const view = plane(64, 48, (x, y) => (x >= 20 && x < 40 && y >= 15 && y < 30 ? 250 : 77));
    fillIdw(view, box);
    expect(check(view, box, () => 77)).toEqual({ inside: 0, outsideChanged: false });
  });

  test("each side dominates next to it and fades with distance", () => {
    // Left of the box is dark, everything else bright.
    const view = plane(64, 48, (x) => (x < 20 ? 20 : 220));
    fillIdw(view, box);
    const at = (x: number, y: number) => view.pixels[y * 64 + x] ?? 0;
    // Weighted by 1 / distance, as FFmpeg's delogo weighs its sides.
    expect(at(20, 22)).toBeLessThan(100);
    expect(at(30, 22)).toBeGreaterThan(at(20, 22) + 60);
    expect(at(39, 22)).toBeGreaterThan(at(30, 22));
    expect(at(39, 22)).toBeGreaterThan(200);
  });

  test("sides on the plane's edge drop out of the blend", () => {
    const corner = { x0: 0, y0: 0, x1: 10, y1: 8 };
    const view = plane(32, 32, (x, y) => (x < 10 && y < 8 ? 0 : x >= 10 ? 60 : 200));
    fillIdw(view, corner);
    const at = (x: number, y: number) => view.pixels[y * 32 + x] ?? 0;
    expect(at(9, 0)).toBeLessThan(at(0, 7));
  });

  test("a box covering the whole plane becomes neutral grey", () => {
    const view = plane(8, 8, () => 3);
    fillIdw(view, { x0: 0, y0: 0, x1: 8, y1: 8 });
    expect([...view.pixels].every((p) => p === 128)).toBe(true);
  });
});

describe("temporal smoothing of the border", () => {
  const box = { x0: 4, y0: 4, x1: 8, y1: 8 };
  const border = (value: number) =>
    sampleBorder(
      plane(12, 12, () => value),
      box,
      2,
    );

  test("the first frame is used as is", () => {
    const first = border(100);
    expect(smoothBorder(null, first, { weight: 0.5, snap: 16 })).toBe(first);
  });
  test("small changes are averaged, large ones followed at once", () => {
    const options = { weight: 0.5, snap: 16 };
    const noisy = smoothBorder(border(100), border(110), options);
    expect(noisy.top?.values[0]).toBe(105);
    expect(noisy.corners.topLeft).toBe(105);
    const cut = smoothBorder(border(100), border(200), options);
    expect(cut.left?.values[2]).toBe(200);
  });
});

describe.each(Object.keys(BLENDS) as Array<keyof typeof BLENDS>)(
  "the frame filler with %s",
  (blend) => {
    test("rewrites the region in all three planes and nothing else", () => {
      const layout = yuv420Layout(64, 48);
      const [region] = toRegions([{ x: 11, y: 9, width: 13, height: 7 }], layout);
      if (!region) throw new Error("no region");
      const frame = new Uint8Array(layout.frameSize);
      const [y, u, v] = layout.planes;
      frame.fill(60, y.offset, u.offset);
      frame.fill(100, u.offset, v.offset);
      frame.fill(150, v.offset);
      const clean = frame.slice();
      // A bright "watermark" over the region, chroma included.
      for (let row = 9; row < 16; row++) frame.fill(235, row * 64 + 11, row * 64 + 24);
      for (const [plane, value] of [
        [u, 20],
        [v, 240],
      ] as const) {
        const b = regionInPlane(region, plane);
        for (let row = b.y0; row < b.y1; row++) {
          frame.fill(
            value,
            plane.offset + row * plane.width + b.x0,
            plane.offset + row * plane.width + b.x1,
          );
        }
      }
      createSpatialFiller(layout, region, { ...DEFAULT_SPATIAL_FILL, blend })(frame);
      expect(frame).toEqual(clean);
    });
  },
);

describe("the region's clean edges", () => {
  const layout = yuv420Layout(64, 48);
  const [region] = toRegions([{ x: 12, y: 10, width: 20, height: 12 }], layout);
  if (!region) throw new Error("no region");
  /** A gentle slope with grain that changes from frame to frame. */
  const picture = (x: number, y: number, t: number) =>
    90 + x + Math.floor(y / 2) + ((x * 7919 + y * 104_729 + t * 15_485_863) % 13);
  /** A frame of the picture with a bright mark over the luma rows and columns given. */
  const frame = (t: number, mark: Box) => {
    const pixels = new Uint8Array(layout.frameSize).fill(128);
    for (let y = 0; y < 48; y++) {
      for (let x = 0; x < 64; x++) {
        const marked = x >= mark.x0 && x < mark.x1 && y >= mark.y0 && y < mark.y1;
        pixels[y * 64 + x] = marked ? 240 : picture(x, y, t);
      }
    }
    return pixels;
  };
  const edgesOver = (mark: Box) =>
    cleanEdges(
      markWindow(layout, region),
      [0, 1, 2, 3, 4].map((t) => cropWindowSample(frame(t, mark), markWindow(layout, region))),
    );

  test("a mark with room around it leaves every side's line clean, and the fill keeps it", () => {
    const mark = { x0: 15, y0: 13, x1: 29, y1: 19 };
    const edges = edgesOver(mark);
    expect(edges[0]).toEqual({ top: true, bottom: true, left: true, right: true });
    const marked = frame(9, mark);
    createSpatialFiller(layout, region, DEFAULT_SPATIAL_FILL, edges)(marked);
    const truth = (x: number, y: number) => picture(x, y, 9);
    for (let x = 12; x < 32; x++) {
      expect(marked[10 * 64 + x]).toBe(truth(x, 10));
      expect(marked[21 * 64 + x]).toBe(truth(x, 21));
    }
    for (let y = 10; y < 22; y++) expect(marked[y * 64 + 12]).toBe(truth(12, y));
    // The mark itself is gone.
    expect(marked[16 * 64 + 20]).toBeLessThan(200);
  });

  test("a side the mark reaches is filled from outside, the others keep their line", () => {
    const mark = { x0: 15, y0: 10, x1: 29, y1: 19 };
    const edges = edgesOver(mark);
    expect(edges[0]).toEqual({ top: false, bottom: true, left: true, right: true });
    const marked = frame(9, mark);
    createSpatialFiller(layout, region, DEFAULT_SPATIAL_FILL, edges)(marked);
    for (let x = 15; x < 29; x++) expect(marked[10 * 64 + x]).toBeLessThan(200);
  });
});
