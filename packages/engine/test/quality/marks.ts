/**
 * Procedural watermarks of known shape and opacity: an RGBA image per overlay, where it goes,
 * and the box (with a margin) and frames where it is present.
 */
import { dilate } from "../../src/pixel-masks";
import { type Area, mask } from "../video-compare";
import { renderWord } from "./font";
import type { Rng } from "./prng";

export const MARK_KINDS = ["text", "logo", "opaque", "jumping"] as const;
export type MarkKind = (typeof MARK_KINDS)[number];

export type Overlay = {
  rgba: Uint8Array;
  width: number;
  height: number;
  x: number;
  y: number;
  /** Seconds; absent means the whole video. */
  startTime?: number;
  endTime?: number;
};

/** A marked area and the frames [firstFrame, lastFrame] where its mark shows. */
export type MarkBox = Area & {
  firstFrame: number;
  lastFrame: number;
  startTime?: number;
  endTime?: number;
};

export type MarkPlan = { kind: MarkKind; opacity: number; overlays: Overlay[]; boxes: MarkBox[] };

export type ClipShape = { width: number; height: number; frames: number; fps: number };

const WORD = "STOCKMARK";
const BOX_MARGIN = 4;

type Image = { rgba: Uint8Array; width: number; height: number };

/** White blocky text at `opacity`, about 20-30% of the frame width. */
function textImage(frameWidth: number, opacity: number, rng: Rng): Image {
  const word = renderWord(WORD);
  const scale = Math.max(1, Math.floor((frameWidth * rng.range(0.2, 0.3)) / word.width));
  const width = word.width * scale;
  const height = word.height * scale;
  const rgba = new Uint8Array(width * height * 4);
  const alpha = Math.round(opacity * 255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const on = word.bits[Math.floor(y / scale) * word.width + Math.floor(x / scale)] === 1;
      const i = (y * width + x) * 4;
      rgba.fill(255, i, i + 3);
      rgba[i + 3] = on ? alpha : 0;
    }
  }
  return { rgba, width, height };
}

/** Signed distance to a rounded rectangle centred at the origin (negative inside). */
function roundedRectDistance(px: number, py: number, halfW: number, halfH: number, radius: number) {
  const qx = Math.abs(px) - halfW + radius;
  const qy = Math.abs(py) - halfH + radius;
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - radius;
}

/**
 * A coloured rounded rectangle with a disc of another colour inside. `edge(d)` turns the signed
 * distance into coverage 0..1; alpha is opacity * coverage.
 */
function logoImage(
  frameWidth: number,
  opacity: number,
  rng: Rng,
  pad: number,
  edge: (distance: number) => number,
): Image {
  const bodyW = Math.max(16, Math.round(frameWidth * rng.range(0.12, 0.18)));
  const bodyH = Math.max(12, Math.round(bodyW * rng.range(0.5, 0.8)));
  const width = bodyW + 2 * pad;
  const height = bodyH + 2 * pad;
  const outer = [rng.range(40, 255), rng.range(40, 255), rng.range(40, 255)];
  const inner = outer.map((c) => 255 - c);
  const radius = Math.min(bodyW, bodyH) * 0.25;
  const discR = Math.min(bodyW, bodyH) * 0.3;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const px = x + 0.5 - width / 2;
      const py = y + 0.5 - height / 2;
      const body = edge(roundedRectDistance(px, py, bodyW / 2, bodyH / 2, radius));
      const disc = edge(Math.hypot(px, py) - discR);
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        rgba[i + c] = Math.round((outer[c] ?? 0) * (1 - disc) + (inner[c] ?? 0) * disc);
      }
      rgba[i + 3] = Math.round(255 * opacity * body);
    }
  }
  return { rgba, width, height };
}

/** Gaussian-ish soft edge: a logistic ramp of a few pixels. */
const softEdge = (scale: number) => (d: number) => 1 / (1 + Math.exp(d / scale));
/** Hard edge with a ~1.5 px linear ramp. */
const hardEdge = (d: number) => Math.min(1, Math.max(0, 0.5 - d / 1.5));

const even = (value: number) => Math.floor(value / 2) * 2;

/** Top-left corner of an image in corner 0..3 (TL, TR, BL, BR), 4% in from the edges. */
function cornerPosition(corner: number, image: Image, clip: ClipShape) {
  const inset = Math.max(BOX_MARGIN + 4, Math.round(clip.width * 0.04));
  const x = corner % 2 === 0 ? inset : clip.width - inset - image.width;
  const y = corner < 2 ? inset : clip.height - inset - image.height;
  return { x: even(Math.max(0, x)), y: even(Math.max(0, y)) };
}

function boxAround(overlay: Overlay, clip: ClipShape, first: number, last: number): MarkBox {
  const x0 = even(Math.max(0, overlay.x - BOX_MARGIN));
  const y0 = even(Math.max(0, overlay.y - BOX_MARGIN));
  const x1 = Math.min(clip.width, overlay.x + overlay.width + BOX_MARGIN);
  const y1 = Math.min(clip.height, overlay.y + overlay.height + BOX_MARGIN);
  const box: MarkBox = {
    x: x0,
    y: y0,
    width: x1 - x0,
    height: y1 - y0,
    firstFrame: first,
    lastFrame: last,
  };
  if (overlay.startTime !== undefined) box.startTime = overlay.startTime;
  if (overlay.endTime !== undefined) box.endTime = overlay.endTime;
  return box;
}

export function planMark(kind: MarkKind, clip: ClipShape, rng: Rng): MarkPlan {
  const corner = rng.pick(4);
  const lastFrame = clip.frames - 1;
  let opacity: number;
  let image: Image;
  if (kind === "logo") {
    opacity = rng.range(0.4, 0.6);
    image = logoImage(clip.width, opacity, rng, 8, softEdge(1.5));
  } else if (kind === "opaque") {
    opacity = 1;
    image = logoImage(clip.width, opacity, rng, 2, hardEdge);
  } else {
    opacity = rng.range(0.3, 0.7);
    image = textImage(clip.width, opacity, rng);
  }
  const first: Overlay = { ...image, ...cornerPosition(corner, image, clip) };
  if (kind !== "jumping") {
    return { kind, opacity, overlays: [first], boxes: [boxAround(first, clip, 0, lastFrame)] };
  }
  // Frames [0, k) show the first corner, [k, end] the opposite one; the switch time falls
  // between two frames so no frame is ambiguous.
  const k = Math.floor(clip.frames / 2);
  const switchTime = Number(((k - 0.5) / clip.fps).toFixed(4));
  const opposite = 3 - corner;
  const a: Overlay = { ...first, startTime: 0, endTime: switchTime };
  const b: Overlay = { ...image, ...cornerPosition(opposite, image, clip), startTime: switchTime };
  return {
    kind,
    opacity,
    overlays: [a, b],
    boxes: [boxAround(a, clip, 0, k - 1), boxAround(b, clip, k, lastFrame)],
  };
}

/** Pixels of a box this far or nearer from a pixel of its mark count as the mark's own edge. */
const SPARED_DISTANCE = 2;

/**
 * Per pixel of the frame, 1 where a box's mark spares it: inside the box, more than
 * SPARED_DISTANCE from every pixel any of the plan's overlays covers at all. A method should
 * leave those as they are.
 */
export function sparedPixels(plan: MarkPlan, clip: { width: number; height: number }): Uint8Array {
  const covered = new Uint8Array(clip.width * clip.height);
  for (const { rgba, width, height, x, y } of plan.overlays) {
    for (let j = 0; j < height; j++) {
      for (let i = 0; i < width; i++) {
        const u = x + i;
        const v = y + j;
        if (rgba[(j * width + i) * 4 + 3] && u < clip.width && v < clip.height)
          covered[v * clip.width + u] = 1;
      }
    }
  }
  const near = dilate(covered, clip.width, clip.height, SPARED_DISTANCE);
  return mask(clip, { include: plan.boxes }).map((set, i) => set & (1 - (near[i] as number)));
}

/** Where a mark shows: the box of its overlay's pixels of at least a tenth of its opacity. */
export type TrueMark = Area & { startTime: number; endTime: number | null };

export function trueMarks(plan: MarkPlan): TrueMark[] {
  return plan.overlays.map((overlay) => {
    const { rgba, width, height } = overlay;
    let peak = 0;
    for (let i = 3; i < rgba.length; i += 4) peak = Math.max(peak, rgba[i] as number);
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if ((rgba[(y * width + x) * 4 + 3] as number) < 0.1 * peak) continue;
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + 1);
        y1 = Math.max(y1, y + 1);
      }
    }
    return {
      x: overlay.x + x0,
      y: overlay.y + y0,
      width: x1 - x0,
      height: y1 - y0,
      startTime: overlay.startTime ?? 0,
      endTime: overlay.endTime ?? null,
    };
  });
}

/** Intersection over union of two boxes: 1 for the same box, 0 for boxes apart. */
export function intersectionOverUnion(a: Area, b: Area): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const overlap = Math.max(0, width) * Math.max(0, height);
  const union = a.width * a.height + b.width * b.height - overlap;
  return union > 0 ? overlap / union : 0;
}
