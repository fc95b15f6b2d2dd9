import { describe, expect, test } from "bun:test";
import { setPixels } from "../src/pixel-masks";
import { directionalTaps, fillDirectional } from "../src/smartfill/directional-fill";
import { edgeLines, fillAlongEdges, MAX_HOLE, parallelMeans } from "../src/smartfill/edge-fill";
import { boxLines, continueEdges } from "../src/smartfill/spatial-fill";

const WIDTH = 96;
const HEIGHT = 80;
/** The hole: a box in the middle of the picture. */
const HOLE = { x0: 28, y0: 20, x1: 68, y1: 60 };

function holeMask(): Uint8Array {
  const mask = new Uint8Array(WIDTH * HEIGHT);
  for (let y = HOLE.y0; y < HOLE.y1; y++) mask.fill(1, y * WIDTH + HOLE.x0, y * WIDTH + HOLE.x1);
  return mask;
}

function picture(value: (x: number, y: number) => number): Float32Array {
  return Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) =>
    value(i % WIDTH, Math.floor(i / WIDTH)),
  );
}

/** A dark bar 6 pixels wide on a light ground, leaning by `lean` pixels per row. */
const leaningBar = (lean: number) => (x: number, y: number) =>
  Math.abs(x - (40 + lean * y)) < 3 ? 40 : 200;

/** What the hole holds, as its pixels' mean absolute error against `truth`. */
function holeError(filled: Float32Array, pixels: Int32Array, truth: Float32Array): number {
  let sum = 0;
  filled.forEach((value, k) => {
    sum += Math.abs(value - (truth[pixels[k] as number] as number));
  });
  return sum / filled.length;
}

/** The hole filled in `truth`, whose previous frame, when given, was `before`. */
function fillHole(truth: Float32Array, before: Float32Array | null = null) {
  const mask = holeMask();
  const pixels = setPixels(mask);
  const lines = edgeLines(WIDTH, HEIGHT, mask, pixels);
  const values = truth.map((value, i) => (mask[i] ? 0 : value));
  // The base: from the nearest known pixel in each direction, as smart fill's own fills start.
  const base = fillDirectional(values, directionalTaps(WIDTH, HEIGHT, mask));
  return { pixels, base, filled: fillAlongEdges(values, lines, base, before) };
}

describe("edges continued across a filled hole", () => {
  test("a bar that crosses the hole is carried through it, upright or leaning", () => {
    // Upright, and leaning along two of the directions looked at (5.6 and 16.9 degrees).
    for (const lean of [0, Math.tan(Math.PI / 32), -Math.tan((3 * Math.PI) / 32)]) {
      const truth = picture(leaningBar(lean));
      const { pixels, base, filled } = fillHole(truth);
      expect(holeError(filled, pixels, truth)).toBeLessThan(0.6 * holeError(base, pixels, truth));
      // The bar is dark again all through the hole (the ground is 200, the bar 40).
      let bar = 0;
      let count = 0;
      filled.forEach((value, k) => {
        if ((truth[pixels[k] as number] as number) > 100) return;
        bar += value;
        count++;
      });
      expect(bar / count).toBeLessThan(80);
    }
  });

  test("where no edge runs through the surround, the base fill is left as it was", () => {
    // A flat ground has no edge; fine noise's edges run every way at every end.
    let seed = 7;
    const noise = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const flat = picture(() => 120);
    const grain = picture(() => 110 + 20 * noise());
    for (const [truth, most] of [
      [flat, 0],
      [grain, 1],
    ] as const) {
      const { base, filled } = fillHole(truth);
      let moved = 0;
      filled.forEach((value, k) => {
        moved += Math.abs(value - (base[k] as number));
      });
      expect(moved / filled.length).toBeLessThanOrEqual(most);
    }
  });

  test("a bar that was there a frame ago is carried through; one that has just come is not", () => {
    const bar = picture(leaningBar(0));
    /** The mean of a fill down the bar's middle column, over the hole's middle rows. */
    const middle = (fill: ReturnType<typeof fillHole>, which: "base" | "filled") => {
      let sum = 0;
      let count = 0;
      for (let y = HOLE.y0 + 8; y < HOLE.y1 - 8; y++) {
        sum += fill[which][fill.pixels.indexOf(y * WIDTH + 40)] as number;
        count++;
      }
      return sum / count;
    };
    const kept = fillHole(bar, bar);
    expect(middle(kept, "filled")).toBeLessThan(60);
    // A pole rushing in front of the camera: its edges at the hole's ends are new this frame,
    // and what lies behind the hole cannot be told from them. The hole's middle keeps the base
    // fill (a smear of the bar into the ground about it), not drawn any darker.
    const arrived = fillHole(
      bar,
      picture(() => 200),
    );
    expect(middle(arrived, "base")).toBeGreaterThan(100);
    expect(middle(arrived, "filled")).toBeGreaterThan(middle(arrived, "base") - 10);
  });

  test("two bars in line that do not match are each carried in from their own side, not joined", () => {
    // Above the hole a dark bar, below it, in line, a light one, on the same ground; they meet
    // in the hole's middle. No line joins them (their ends disagree), but each end's edge runs
    // on outward, so each bar is carried in from its own side: the dark one fills the hole's
    // upper quarter, the light one its lower quarter, neither reaching the other's.
    const truth = picture((x, y) => {
      if (Math.abs(x - 48) >= 3) return 120;
      return y < 40 ? 40 : 220;
    });
    const { pixels, filled } = fillHole(truth);
    for (let y = HOLE.y0; y < HOLE.y0 + 10; y++) {
      expect(filled[pixels.indexOf(y * WIDTH + 48)] as number).toBeLessThan(60);
    }
    for (let y = HOLE.y1 - 10; y < HOLE.y1; y++) {
      expect(filled[pixels.indexOf(y * WIDTH + 48)] as number).toBeGreaterThan(200);
    }
  });

  test("an edge carried in from one side stops at an edge that crosses the hole", () => {
    // A dark bar runs down through the hole; a dark line comes in from the hole's left side and
    // ends against the bar (a shelf's edge meeting a pole). The line is carried in from its
    // side (it stops short of the bar, where the lines that carry the bar begin to cross it);
    // beyond the bar the ground goes on, no streak drawn across it.
    const truth = picture((x, y) => {
      if (Math.abs(x - 48) < 3) return 40;
      return x < 45 && Math.abs(y - 40) < 2 ? 40 : 200;
    });
    const { pixels, filled } = fillHole(truth);
    const at = (x: number) => filled[pixels.indexOf(40 * WIDTH + x)] as number;
    for (let x = HOLE.x0; x < HOLE.x0 + 5; x++) expect(at(x)).toBeLessThan(60);
    for (let x = 54; x < HOLE.x1; x++) expect(at(x)).toBeGreaterThan(180);
  });

  test("a box's edges are continued in the plane, and nothing outside the box changes", () => {
    const truth = picture(leaningBar(0.2));
    const plane = Uint8Array.from(truth);
    const box = HOLE;
    // A fill that got the ground right and lost the bar, as a fill from the border does.
    for (let y = box.y0; y < box.y1; y++) plane.fill(200, y * WIDTH + box.x0, y * WIDTH + box.x1);
    const before = plane.slice();
    // A frame of one plane, the luma of a yuv420p frame.
    const luma = { offset: 0, width: WIDTH, height: HEIGHT, shift: 0 } as const;
    continueEdges(plane, boxLines(luma, box));
    let outside = 0;
    let inside = 0;
    let insideBefore = 0;
    plane.forEach((value, i) => {
      const x = i % WIDTH;
      const y = Math.floor(i / WIDTH);
      const inBox = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
      if (!inBox) outside = Math.max(outside, Math.abs(value - (before[i] as number)));
      else {
        inside += Math.abs(value - (truth[i] as number));
        insideBefore += Math.abs((before[i] as number) - (truth[i] as number));
      }
    });
    expect(outside).toBe(0);
    expect(inside).toBeLessThan(0.5 * insideBefore);
  });

  test("a box's edge that has just come is not carried across it until it holds still", () => {
    // The box is filled frame after frame with the ground, as a fill from its border would
    // leave it; a bar comes through it in the second frame and stays in the third.
    const luma = { offset: 0, width: WIDTH, height: HEIGHT, shift: 0 } as const;
    const target = boxLines(luma, HOLE);
    const barAt = (plane: Uint8Array) => plane[40 * WIDTH + 40] as number;
    const frameOf = (bar: boolean) => {
      const plane = Uint8Array.from(picture(bar ? leaningBar(0) : () => 200));
      for (let y = HOLE.y0; y < HOLE.y1; y++)
        plane.fill(200, y * WIDTH + HOLE.x0, y * WIDTH + HOLE.x1);
      continueEdges(plane, target);
      return plane;
    };
    expect(barAt(frameOf(false))).toBe(200);
    expect(barAt(frameOf(true))).toBeGreaterThan(150);
    expect(barAt(frameOf(true))).toBeLessThan(100);
  });

  test("a long slanted edge that leans between two directions is carried across", () => {
    // A wide hole (120 by 40) and a soft step from light to dark across it, leaning 10.2
    // degrees: halfway between two of the directions looked at, 3 pixels off the nearest one
    // over the hole's width, so no line meets the step at the same place at both ends.
    const width = 140;
    const height = 60;
    const mask = new Uint8Array(width * height);
    for (let y = 10; y < 50; y++) mask.fill(1, y * width + 10, y * width + 130);
    const slope = Math.tan((10.2 * Math.PI) / 180);
    const truth = Float32Array.from({ length: width * height }, (_, i) => {
      const x = i % width;
      const across = Math.floor(i / width) - (42 - slope * (x - 10));
      return 160 - 60 * Math.min(1, Math.max(0, (across + 2) / 4));
    });
    const pixels = setPixels(mask);
    const values = truth.map((value, i) => (mask[i] ? 0 : value));
    const base = fillDirectional(values, directionalTaps(width, height, mask));
    const filled = fillAlongEdges(values, edgeLines(width, height, mask, pixels), base);
    // Slid, the step is drawn: 0.73 of the base's error. Unslid, few lines trust it: 0.91.
    expect(holeError(filled, pixels, truth)).toBeLessThan(0.8 * holeError(base, pixels, truth));
  });

  test("a hole too large to follow keeps its base fill", () => {
    // A bar across a hole of MAX_HOLE + 1 pixels: no line is kept, so memory stays bounded.
    const width = 520;
    const height = 260;
    const mask = new Uint8Array(width * height);
    let left = MAX_HOLE + 1;
    for (let y = 10; y < height - 10 && left > 0; y++) {
      const row = Math.min(left, width - 20);
      mask.fill(1, y * width + 10, y * width + 10 + row);
      left -= row;
    }
    const pixels = setPixels(mask);
    expect(pixels.length).toBe(MAX_HOLE + 1);
    const lines = edgeLines(width, height, mask, pixels);
    expect(lines.members.length).toBe(0);
    const values = Float32Array.from({ length: width * height }, (_, i) =>
      mask[i] ? 0 : Math.abs((i % width) - 200) < 3 ? 40 : 200,
    );
    const base = new Float32Array(pixels.length).fill(150);
    expect(Array.from(new Set(fillAlongEdges(values, lines, base)))).toEqual([150]);
  });
});

describe("the mean over the lines parallel to each line", () => {
  test("takes the lines of its direction within reach each side, two runs at one place alike", () => {
    // A ring: a line through its middle crosses it twice, two runs at the same place.
    const mask = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const r = Math.hypot(x - WIDTH / 2, y - HEIGHT / 2);
        mask[y * WIDTH + x] = r > 10 && r < 22 ? 1 : 0;
      }
    }
    const lines = edgeLines(WIDTH, HEIGHT, mask, setPixels(mask));
    const count = lines.angle.length;
    const perLine = Float64Array.from({ length: count }, (_, n) => (n * 7919) % 101);
    expect(new Set(lines.offset).size).toBeLessThan(count);
    for (const reach of [0, 3, 8]) {
      const means = parallelMeans(lines, perLine, reach);
      for (let n = 0; n < count; n++) {
        let sum = 0;
        let pooled = 0;
        for (let m = 0; m < count; m++) {
          if (lines.angle[m] !== lines.angle[n]) continue;
          if (Math.abs((lines.offset[m] as number) - (lines.offset[n] as number)) > reach) continue;
          sum += perLine[m] as number;
          pooled++;
        }
        expect(means[n]).toBeCloseTo(sum / pooled, 9);
      }
    }
  });
});
