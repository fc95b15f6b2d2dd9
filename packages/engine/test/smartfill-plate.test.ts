/**
 * Smart fill's plate: a mark that shows only part of the time over a picture that holds still
 * is replaced by the picture the frames without it show; over a moving picture no plate is
 * made.
 */
import { describe, expect, test } from "bun:test";
import { createMarkLearner } from "../src/smartfill/learn-marks";
import { createRng } from "./quality/prng";
import {
  HEIGHT,
  layout,
  psnrInRegion,
  REGION,
  smartfillFrames,
  texture,
  WIDTH,
} from "./synthetic-footage";

const FRAMES = 40;
const picture = texture(5);

/** White bars of opacity 0.5 (text-like), in the first half of the video only. */
function markAlpha(x: number, y: number): number {
  const inX = x >= 56 && x < 136;
  return inX && ((y >= 48 && y < 54) || (y >= 66 && y < 72)) && (x - 56) % 10 < 6 ? 0.5 : 0;
}

/** Frame t, the camera moving `pan` pixels a frame, with a little sensor noise. */
function frame(t: number, marked: boolean, pan: number): Uint8Array {
  const noise = createRng(500 + t);
  const out = new Uint8Array(layout.frameSize).fill(128);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const background = picture(x + pan * t, y) + noise.range(-1, 1);
      const alpha = marked && t < FRAMES / 2 ? markAlpha(x, y) : 0;
      out[y * WIDTH + x] = Math.round(alpha * 235 + (1 - alpha) * background);
    }
  }
  return out;
}

function learn(pan: number) {
  const learner = createMarkLearner(layout, [REGION]);
  for (let t = 0; t < FRAMES; t++) learner.add(frame(t, true, pan));
  return learner.learn();
}

describe("a mark that shows part of the time", () => {
  test("over a still picture, the frames without it give back the picture beneath", async () => {
    const marks = learn(0);
    expect(marks[0]?.plate).toBeDefined();
    const inputs = Array.from({ length: FRAMES }, (_, t) => frame(t, true, 0));
    const outputs = await smartfillFrames(marks, inputs);
    expect(outputs.length).toBe(FRAMES);
    outputs.forEach((out, t) => {
      const truth = frame(t, false, 0);
      if (t < FRAMES / 2) {
        // The marked frames: within the sensor noise of the truth.
        expect(psnrInRegion([[out, truth]])).toBeGreaterThan(45);
      } else {
        // The frames without the mark are left exactly as they were.
        expect(Buffer.from(out).equals(Buffer.from(truth))).toBe(true);
      }
    });
  });

  test("over a moving picture no plate is made", () => {
    const marks = learn(3);
    expect(marks[0]?.model).not.toBeNull();
    expect(marks[0]?.plate).toBeUndefined();
  });
});
