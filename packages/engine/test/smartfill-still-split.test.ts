/**
 * A mark over a still picture that leaves halfway (one that jumps to another corner): the
 * steps across its outline are the picture's own as much as the mark's, so every sample
 * follows its pattern; the area itself, as each half of the video shows it, tells the frames
 * apart, and the frames without the mark are left exactly as they were.
 */
import { describe, expect, test } from "bun:test";
import { createMarkLearner } from "../src/smartfill/learn-marks";
import { estimateMark, type WindowSample } from "../src/smartfill/mark-model";
import { STEADY_PICTURE, steadyShare } from "../src/smartfill/mark-offset";
import { cropWindow, markWindow } from "../src/smartfill/mark-window";
import { stillPictureSplit } from "../src/smartfill/still-split";
import { createRng } from "./quality/prng";
import { layout, psnrInRegion, REGION, smartfillFrames, texture } from "./synthetic-footage";

const MARK_LUMA = 220;
/** Text-like strokes of opacity 0.5: three bars with gaps, inside the region. */
function markAlpha(x: number, y: number): number {
  const inX = x >= 60 && x < 132 && (x - 60) % 24 < 16;
  return inX && y >= 50 && y < 74 && (y < 54 || y >= 70 || (x - 60) % 24 < 4) ? 0.5 : 0;
}

const picture = texture(7);
const FRAMES = 40;

/** Frame t of a still picture (a level of noise), the mark blended over it when `marked`. */
function frame(t: number, marked: boolean): Uint8Array {
  const noise = createRng(300 + t);
  const out = new Uint8Array(layout.frameSize).fill(128);
  for (let y = 0; y < layout.height; y++) {
    for (let x = 0; x < layout.width; x++) {
      const alpha = marked ? markAlpha(x, y) : 0;
      const background = picture(x, y) + noise.range(-1, 1);
      out[y * layout.width + x] = Math.round(alpha * MARK_LUMA + (1 - alpha) * background);
    }
  }
  return out;
}

const window = markWindow(layout, REGION);
const sampleOf = (f: Uint8Array) =>
  window.map((plane) => cropWindow(f, plane)) as unknown as WindowSample;

describe("a mark that leaves a still picture halfway", () => {
  for (const firstHalf of [true, false]) {
    const shows = (t: number) => t < FRAMES / 2 === firstHalf;
    const frames = Array.from({ length: FRAMES }, (_, t) => frame(t, shows(t)));
    const clean = Array.from({ length: FRAMES }, (_, t) => frame(t, false));
    const half = firstHalf ? "first" : "second";

    test(`shown in the ${half} half: found in exactly the frames that show it`, () => {
      const { model, present } = estimateMark(window, frames.map(sampleOf));
      expect(model.still).not.toBeNull();
      expect(present).toEqual(frames.map((_, t) => shows(t)));
    });

    test(`shown in the ${half} half: the frames without it are left exactly as they were`, async () => {
      const learner = createMarkLearner(layout, [REGION]);
      for (const f of frames) learner.add(f);
      const plan = learner.learn();
      expect(plan[0]?.always).toBe(false);
      const outputs = await smartfillFrames(plan, frames);
      const marked: [Uint8Array, Uint8Array][] = [];
      const restored: [Uint8Array, Uint8Array][] = [];
      outputs.forEach((output, t) => {
        const input = frames[t] as Uint8Array;
        if (!shows(t)) expect(Buffer.from(output).equals(Buffer.from(input))).toBe(true);
        else {
          marked.push([input, clean[t] as Uint8Array]);
          restored.push([output, clean[t] as Uint8Array]);
        }
      });
      expect(psnrInRegion(restored)).toBeGreaterThan(psnrInRegion(marked) + 10);
    });
  }

  test("over a flat sky, whose only steps are noise, the halves are compared too", () => {
    const sky = (t: number) => {
      const noise = createRng(700 + t);
      const out = new Uint8Array(layout.frameSize).fill(128);
      for (let y = 0; y < layout.height; y++) {
        for (let x = 0; x < layout.width; x++) {
          const alpha = t < FRAMES / 2 ? markAlpha(x, y) : 0;
          const background = 150 + noise.range(-1.5, 1.5);
          out[y * layout.width + x] = Math.round(alpha * MARK_LUMA + (1 - alpha) * background);
        }
      }
      return out;
    };
    const lumas = Array.from({ length: FRAMES }, (_, t) => cropWindow(sky(t), window[0]));
    expect(steadyShare(window[0], lumas)).toBeLessThan(STEADY_PICTURE);
    const split = stillPictureSplit(window[0], lumas);
    if (!split) throw new Error("the halves of a still sky were not compared");
    const { present } = estimateMark(
      window,
      Array.from({ length: FRAMES }, (_, t) => sampleOf(sky(t))),
    );
    expect(present).toEqual(lumas.map((_, t) => t < FRAMES / 2));
  });

  test("a mark in every frame of a still picture is not split", () => {
    const lumas = Array.from({ length: FRAMES }, (_, t) => cropWindow(frame(t, true), window[0]));
    expect(stillPictureSplit(window[0], lumas)).toBeNull();
  });

  test("over a moving picture the halves are not compared", () => {
    const moving = (t: number) => {
      const out = frame(0, t < FRAMES / 2);
      for (let y = 0; y < layout.height; y++) {
        for (let x = 0; x < layout.width; x++) {
          const alpha = t < FRAMES / 2 ? markAlpha(x, y) : 0;
          const background = picture(x + 3 * t, y + 2 * t);
          out[y * layout.width + x] = Math.round(alpha * MARK_LUMA + (1 - alpha) * background);
        }
      }
      return cropWindow(out, window[0]);
    };
    const lumas = Array.from({ length: FRAMES }, (_, t) => moving(t));
    expect(stillPictureSplit(window[0], lumas)).toBeNull();
  });
});
