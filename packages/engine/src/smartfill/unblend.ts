import { cropSample, type MarkModel, showsMark } from "./mark-model";
import { frameIndex, type PlaneWindow } from "./mark-window";
import type { FrameFiller } from "./spatial-fill";

export type UnblendOptions = {
  /** Relaxation sweeps of the fill on the first frame, and on each later one (warm start). */
  firstSweeps: number;
  sweeps: number;
};

export const DEFAULT_UNBLEND: UnblendOptions = { firstSweeps: 400, sweeps: 16 };

/** The fill of one plane of one window, carried from frame to frame so it holds still. */
type FillState = { values: Float32Array; border: number; started: boolean };

/**
 * Takes the learnt marks out of each frame, in place (`always`: the mark is in every frame, so
 * no frame is tested): frames that show a mark get its blend
 * inverted where it is transparent enough and a fill from the surroundings where it is not;
 * frames that do not show it are left alone. The fill starts from the previous frame's and is
 * shifted by the change in the surrounding light, so it stays still while the picture does.
 */
export function createUnblender(
  models: readonly MarkModel[],
  always = false,
  options: UnblendOptions = DEFAULT_UNBLEND,
): FrameFiller {
  const states = models.map((model) =>
    model.window.map((window) => ({
      values: new Float32Array(window.width * window.height),
      border: 0,
      started: false,
    })),
  );
  return (frame) => {
    models.forEach((model, index) => {
      const sample = cropSample(frame, model);
      if (!always && !showsMark(model, sample)) return;
      for (let plane = 0; plane < 3; plane++) {
        const window = model.window[plane] as PlaneWindow;
        const state = states[index]?.[plane] as FillState;
        const values = correctPlane(model, plane, sample[plane] as Uint8Array);
        fillPlane(window, model.fill[plane] as Uint8Array, values, state, options);
        writeWindow(frame, window, values);
      }
    });
  };
}

function correctPlane(model: MarkModel, plane: number, pixels: Uint8Array): Float32Array {
  const correction = model.corrections[plane as 0 | 1 | 2];
  const inside = model.window[plane as 0 | 1 | 2].inside;
  const values = new Float32Array(pixels.length);
  for (let i = 0; i < pixels.length; i++) {
    const value = pixels[i] ?? 0;
    values[i] = inside[i]
      ? (correction.gain[i] ?? 1) * (value - correction.mean) +
        correction.mean +
        (correction.offset[i] ?? 0)
      : value;
  }
  return values;
}

/** Harmonic fill of the masked pixels from the rest of the window, warm-started. */
function fillPlane(
  window: PlaneWindow,
  fill: Uint8Array,
  values: Float32Array,
  state: FillState,
  options: UnblendOptions,
): void {
  const { width, height } = window;
  let borderSum = 0;
  let borderCount = 0;
  const neighbours = (i: number, x: number, y: number, visit: (j: number) => void) => {
    if (x > 0) visit(i - 1);
    if (x + 1 < width) visit(i + 1);
    if (y > 0) visit(i - width);
    if (y + 1 < height) visit(i + width);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!fill[i]) continue;
      neighbours(i, x, y, (j) => {
        if (fill[j]) return;
        borderSum += values[j] ?? 0;
        borderCount++;
      });
    }
  }
  if (borderCount === 0) return;
  const border = borderSum / borderCount;
  const shift = state.started ? border - state.border : 0;
  for (let i = 0; i < values.length; i++) {
    if (fill[i]) values[i] = state.started ? (state.values[i] ?? border) + shift : border;
  }
  const sweeps = state.started ? options.sweeps : options.firstSweeps;
  const omega = 1.8;
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (!fill[i]) continue;
        let sum = 0;
        let count = 0;
        neighbours(i, x, y, (j) => {
          sum += values[j] ?? 0;
          count++;
        });
        values[i] = (1 - omega) * (values[i] ?? 0) + (omega * sum) / count;
      }
    }
  }
  for (let i = 0; i < values.length; i++) if (fill[i]) state.values[i] = values[i] ?? 0;
  state.border = border;
  state.started = true;
}

function writeWindow(frame: Uint8Array, window: PlaneWindow, values: Float32Array): void {
  for (let y = 0; y < window.height; y++) {
    for (let x = 0; x < window.width; x++) {
      const i = y * window.width + x;
      if (!window.inside[i]) continue;
      const value = Math.round(values[i] ?? 0);
      frame[frameIndex(window, x, y)] = Math.min(255, Math.max(0, value));
    }
  }
}
