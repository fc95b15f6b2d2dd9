import type { Region } from "../regions";
import type { Box, Plane, YuvLayout } from "./yuv-layout";

/** Pixels of surroundings kept around a region (luma), where the mark is assumed absent. */
export const WINDOW_MARGIN = 4;

/** A rectangle of one plane: where a window sits and which of its pixels the region covers. */
export type PlaneWindow = {
  plane: Plane;
  x0: number;
  y0: number;
  width: number;
  height: number;
  /** 1 where the pixel is inside the region (may be rewritten), 0 in the margin. */
  inside: Uint8Array;
};

/** One region's window on each plane of the frame (Y, U, V). */
export type MarkWindow = readonly [PlaneWindow, PlaneWindow, PlaneWindow];

const floorEven = (value: number) => Math.floor(value / 2) * 2;

/**
 * The region grown by the margin, on even luma coordinates so that every chroma pixel of the
 * window covers a 2x2 block of its luma pixels.
 */
export function markWindow(layout: YuvLayout, region: Region): MarkWindow {
  const x0 = floorEven(Math.max(0, region.x - WINDOW_MARGIN));
  const y0 = floorEven(Math.max(0, region.y - WINDOW_MARGIN));
  const x1 = Math.min(layout.width, region.x + region.width + WINDOW_MARGIN);
  const y1 = Math.min(layout.height, region.y + region.height + WINDOW_MARGIN);
  const [luma, u, v] = layout.planes;
  return [
    planeWindow(luma, x0, y0, x1, y1, region),
    planeWindow(u, x0, y0, x1, y1, region),
    planeWindow(v, x0, y0, x1, y1, region),
  ];
}

function planeWindow(
  plane: Plane,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  region: Region,
): PlaneWindow {
  const s = plane.shift;
  const px0 = x0 >> s;
  const py0 = y0 >> s;
  const width = Math.min(plane.width, Math.ceil(x1 / (1 << s))) - px0;
  const height = Math.min(plane.height, Math.ceil(y1 / (1 << s))) - py0;
  const inside = new Uint8Array(width * height);
  // A plane pixel is inside when the luma block it stands for meets the region.
  const rx0 = region.x >> s;
  const ry0 = region.y >> s;
  const rx1 = Math.ceil((region.x + region.width) / (1 << s));
  const ry1 = Math.ceil((region.y + region.height) / (1 << s));
  for (let y = Math.max(ry0, py0); y < Math.min(ry1, py0 + height); y++) {
    inside.fill(
      1,
      (y - py0) * width + Math.max(rx0, px0) - px0,
      (y - py0) * width + Math.min(rx1, px0 + width) - px0,
    );
  }
  return { plane, x0: px0, y0: py0, width, height, inside };
}

/** The window of `plane` around `box` (in the plane's pixels) grown by `margin`; the box inside. */
export function boxWindow(plane: Plane, box: Box, margin: number): PlaneWindow {
  const x0 = Math.max(0, box.x0 - margin);
  const y0 = Math.max(0, box.y0 - margin);
  const width = Math.min(plane.width, box.x1 + margin) - x0;
  const height = Math.min(plane.height, box.y1 + margin) - y0;
  const inside = new Uint8Array(width * height);
  for (let y = box.y0; y < box.y1; y++) {
    inside.fill(1, (y - y0) * width + box.x0 - x0, (y - y0) * width + box.x1 - x0);
  }
  return { plane, x0, y0, width, height, inside };
}

/** Copies a window's pixels out of a yuv420p frame. */
export function cropWindow(frame: Uint8Array, window: PlaneWindow): Uint8Array {
  const out = new Uint8Array(window.width * window.height);
  cutWindows(frame, [window], out);
  return out;
}

/** A window's pixels, as values to compute with. */
export function cropValues(frame: Uint8Array, window: PlaneWindow): Float32Array {
  return new Float32Array(cropWindow(frame, window));
}

/** Luma and chroma pixels of some windows in all: the size of what `cutWindows` copies. */
export function windowsSize(windows: readonly PlaneWindow[]): number {
  return windows.reduce((sum, { width, height }) => sum + width * height, 0);
}

/** Calls `row` with each row of the windows: where it starts in the frame and in the cut. */
function eachRow(
  windows: readonly PlaneWindow[],
  row: (start: number, at: number, width: number) => void,
) {
  let at = 0;
  for (const { plane, x0, y0, width, height } of windows) {
    for (let y = 0; y < height; y++) {
      row(plane.offset + (y0 + y) * plane.width + x0, at, width);
      at += width;
    }
  }
}

/** Copies the windows' pixels out of a yuv420p frame into `cut`, one window after another. */
export function cutWindows(frame: Uint8Array, windows: readonly PlaneWindow[], cut: Uint8Array) {
  eachRow(windows, (start, at, width) => cut.set(frame.subarray(start, start + width), at));
}

/** Puts back into a frame the windows' pixels that `cutWindows` copied out. */
export function pasteWindows(cut: Uint8Array, windows: readonly PlaneWindow[], frame: Uint8Array) {
  eachRow(windows, (start, at, width) => frame.set(cut.subarray(at, at + width), start));
}

/** Index in the frame of a window's pixel (x, y). */
export function frameIndex(window: PlaneWindow, x: number, y: number): number {
  return window.plane.offset + (window.y0 + y) * window.plane.width + window.x0 + x;
}

/** The region's box on a window's plane, in window coordinates; null when it has no pixel. */
export function insideBox(window: PlaneWindow): Box | null {
  const { width, height, inside } = window;
  let box: Box | null = null;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!inside[y * width + x]) continue;
      box = box
        ? {
            x0: Math.min(box.x0, x),
            y0: Math.min(box.y0, y),
            x1: Math.max(box.x1, x + 1),
            y1: Math.max(box.y1, y + 1),
          }
        : { x0: x, y0: y, x1: x + 1, y1: y + 1 };
    }
  }
  return box;
}
