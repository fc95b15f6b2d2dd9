/**
 * The parts of watermark detection that need no video: how frames are sampled, how steady
 * edges become boxes, which boxes are suggested, and when a mark shows.
 */
import { describe, expect, test } from "bun:test";
import { isMark } from "../src/detect/accept-candidate";
import { findCandidates } from "../src/detect/find-candidates";
import { intersectionOverUnion, type PixelBox } from "../src/detect/pixel-boxes";
import { addPlane, createPlaneStats, planeFeatures } from "../src/detect/plane-stats";
import { presenceOf, shownBetween } from "../src/detect/presence";
import { MAX_SAMPLES, planSampling, sampleArgs } from "../src/detect/sample-frames";
import { windowMasks } from "../src/detect/window-masks";
import { yuv420Layout } from "../src/smartfill/yuv-layout";
import { BEE_MEDIA } from "./clips";

describe("sampling", () => {
  test("a ten-minute 4K video gives at most MAX_SAMPLES frames of 640 pixels across", () => {
    const media = { width: 3840, height: 2160, duration: 600, fps: 30 };
    const plan = planSampling(media);
    expect(plan.rate * media.duration).toBeLessThanOrEqual(MAX_SAMPLES);
    expect([plan.layout.width, plan.layout.height]).toEqual([640, 360]);
    expect([plan.scaleX, plan.scaleY]).toEqual([6, 6]);
  });

  test("a short clip is sampled eight times a second; a small one keeps its size", () => {
    expect(planSampling({ width: 1280, height: 720, duration: 4, fps: 30 }).rate).toBe(8);
    const small = planSampling({ width: 360, height: 640, duration: 7, fps: 30 });
    expect([small.layout.width, small.layout.height, small.scaleX]).toEqual([360, 640, 1]);
  });

  test("B-frames are left undecoded only where most frames are passed over anyway", () => {
    const short = sampleArgs(BEE_MEDIA, "/in.mp4", planSampling(BEE_MEDIA));
    expect(short).not.toContain("-skip_frame");
    const long = { ...BEE_MEDIA, duration: 60, frameCount: 1798 };
    const args = sampleArgs(long, "/in.mp4", planSampling(long));
    expect(args.slice(args.indexOf("-skip_frame"), args.indexOf("-skip_frame") + 2)).toEqual([
      "-skip_frame",
      "bidir",
    ]);
    expect(args.indexOf("-skip_frame")).toBeLessThan(args.indexOf("-i"));
  });
});

const W = 160;
const H = 120;
const MARK: PixelBox = { x0: 100, y0: 12, x1: 140, y1: 28, count: 0 };
const MARK_NOWHERE: PixelBox = { x0: 0, y0: 0, x1: 0, y1: 0, count: 0 };

/** Textured footage, panning; or a plain still wall whose light changes. */
function scene(t: number, pan: boolean): Uint8Array {
  const layout = yuv420Layout(W, H);
  const frame = new Uint8Array(layout.frameSize).fill(128);
  const shift = pan ? 3 * t : 0;
  const light = pan ? 1 : 1 + 0.1 * Math.sin(t);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const texture = pan ? 60 * Math.sin((x + shift) / 5) * Math.cos((y + shift / 2) / 7) : 0;
      const value = 120 + texture;
      frame[y * W + x] = Math.round(value * light);
    }
  }
  return frame;
}

/** Half-transparent white bars over the box, like the strokes of a word. */
function withMark(frame: Uint8Array, box: PixelBox = MARK): Uint8Array {
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      if ((x - box.x0) % 6 >= 3 && y > box.y0 + 1 && y < box.y1 - 2) continue;
      const i = y * W + x;
      frame[i] = Math.round(0.5 * (frame[i] as number) + 0.5 * 255);
    }
  }
  return frame;
}

function suggestions(frames: Uint8Array[]) {
  const layout = yuv420Layout(W, H);
  const [luma, u, v] = layout.planes.map((plane) => {
    const stats = createPlaneStats(plane.width, plane.height);
    for (const frame of frames) addPlane(stats, frame, plane.offset);
    return planeFeatures(stats);
  });
  if (!luma || !u || !v) throw new Error("three planes");
  const masks = windowMasks({ luma, u, v });
  return findCandidates(masks).filter((candidate) => isMark(candidate, W, H));
}

const times = Array.from({ length: 40 }, (_, t) => t);

describe("steady edges become suggestions", () => {
  test("a half-transparent box over panning footage is suggested, tightly", () => {
    const found = suggestions(times.map((t) => withMark(scene(t, true))));
    expect(found).toHaveLength(1);
    expect(intersectionOverUnion(found[0]?.box ?? MARK_NOWHERE, MARK)).toBeGreaterThanOrEqual(0.8);
  });

  test("clean panning footage gets nothing", () => {
    expect(suggestions(times.map((t) => scene(t, true)))).toEqual([]);
  });

  test("a sign on a still wall whose light changes is scenery: nothing is suggested", () => {
    expect(suggestions(times.map((t) => withMark(scene(t, false))))).toEqual([]);
  });

  test("a steady line of scenery running out of the mark is trimmed off its box", () => {
    const frames = times.map((t) => {
      const frame = withMark(scene(t, true));
      for (let x = 40; x < MARK.x0; x++) frame[20 * W + x] = 250;
      return frame;
    });
    const found = suggestions(frames);
    expect(found).toHaveLength(1);
    expect(found[0]?.box.x0).toBeGreaterThanOrEqual(MARK.x0 - 2);
    expect(intersectionOverUnion(found[0]?.box ?? MARK_NOWHERE, MARK)).toBeGreaterThanOrEqual(0.8);
  });
});

describe("when a mark shows", () => {
  test("it starts and ends halfway between the samples that disagree", () => {
    const present = [false, false, true, true, true, false];
    expect(shownBetween(present, [0, 1, 2, 3, 4, 5], 6)).toEqual({ startTime: 1.5, endTime: 4.5 });
  });

  test("shown in the first and last samples, it runs from the video's start to its end", () => {
    expect(shownBetween([true, true, true], [0, 1, 2], 2.7)).toEqual({
      startTime: 0,
      endTime: 2.7,
    });
    expect(shownBetween([false, false], [0, 1], 2)).toBeNull();
  });

  test("samples with the mark match its mean drawing, samples without it do not", () => {
    const layout = yuv420Layout(W, H);
    const marked = times.map((t) => withMark(scene(t, true)));
    const template = createPlaneStats(W, H);
    for (const frame of marked) addPlane(template, frame, layout.planes[0].offset);
    const frames = times
      .map((t) => marked[t] ?? scene(t, true))
      .map((frame, t) => (t < 25 ? frame : scene(t, true)));
    const present = presenceOf(MARK, template, frames);
    expect(present.slice(0, 25).every(Boolean)).toBe(true);
    expect(present.slice(25).some(Boolean)).toBe(false);
  });
});
