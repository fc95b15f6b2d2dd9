import { setPixels } from "../pixel-masks";
import type { Region } from "../regions";
import { fillFromAgreeingLines } from "./agreeing-lines";
import { type Border, type PlaneView, sampleBorder } from "./border";
import { type CleanEdges, insetBox, NO_CLEAN_SIDES } from "./clean-edges";
import { fillCoonsPatch } from "./coons-patch";
import { EDGE_MARGIN, type EdgeLines, edgeLines, fillAlongEdges, keepForNext } from "./edge-fill";
import { fillInverseDistance } from "./inverse-distance-fill";
import { boxWindow, cropWindow, type PlaneWindow } from "./mark-window";
import { DEFAULT_SMOOTHING, type SmoothingOptions, smoothBorder } from "./temporal-smoothing";
import { writeWindow } from "./unblend";
import { type Box, type Plane, planePixels, regionInPlane, type YuvLayout } from "./yuv-layout";

/**
 * Rewrites the pixels inside the regions of one frame, in place. `index` is the frame's place
 * in the video, for a fill that keeps something per frame (fill-record.ts).
 */
export type FrameFiller = (frame: Uint8Array, index?: number) => void;

/** How a box is filled from its border: both are transfinite (they meet the border exactly). */
export const BLENDS = {
  "inverse-distance": fillInverseDistance,
  coons: fillCoonsPatch,
} satisfies Record<string, (plane: PlaneView, box: Box, border: Border) => void>;

export type SpatialFillOptions = {
  /** How many pixels outward from each side are averaged into the border. */
  band: number;
  smoothing: SmoothingOptions;
  blend: keyof typeof BLENDS;
};

export const DEFAULT_SPATIAL_FILL: SpatialFillOptions = {
  band: 1,
  smoothing: DEFAULT_SMOOTHING,
  blend: "inverse-distance",
};

/**
 * A box to fill, the lines that continue the edges crossing it (edge-fill.ts), and its window
 * as the last frame filled showed it (none before the first), whose line ends the next frame's
 * are compared with.
 */
export type BoxLines = { window: PlaneWindow; lines: EdgeLines; seen: Float32Array | null };

type Target = { plane: Plane; box: Box; previous: Border | null } & BoxLines;

/**
 * The first smartfill: the region is filled, on every plane, from the band of pixels around
 * it, the band smoothed over time. On its clean sides (`edges`, see clean-edges.ts) the band is
 * the region's own outermost line, which is kept.
 */
export function createSpatialFiller(
  layout: YuvLayout,
  region: Region,
  options: SpatialFillOptions = DEFAULT_SPATIAL_FILL,
  edges?: CleanEdges,
): FrameFiller {
  const blend = BLENDS[options.blend];
  const targets: Target[] = layout.planes.map((plane, index) => {
    const box = insetBox(regionInPlane(region, plane), edges?.[index] ?? NO_CLEAN_SIDES);
    return { plane, box, previous: null, ...boxLines(plane, box) };
  });
  return (frame) => {
    for (const target of targets) {
      const view = {
        pixels: planePixels(frame, target.plane),
        width: target.plane.width,
        height: target.plane.height,
      };
      const border = sampleBorder(view, target.box, options.band);
      target.previous = smoothBorder(target.previous, border, options.smoothing);
      blend(view, target.box, target.previous);
      continueEdges(frame, target);
    }
  };
}

export function boxLines(plane: Plane, box: Box): BoxLines {
  const window = boxWindow(plane, box, EDGE_MARGIN);
  const { width, height, inside } = window;
  return { window, lines: edgeLines(width, height, inside, setPixels(inside)), seen: null };
}

/**
 * Mixes into the fill already written in the box the lines across it whose ends agree
 * (agreeing-lines.ts), and continues the edges that cross it over the result, in place. An
 * edge that has just come to the box is trusted less, as in the unblender's fill: the frame is
 * kept in `target` for the next. A dashcam's opaque logo over the sky, which no frame lets
 * the mark be learnt from, had a tree top rising into its lower edge over the first nine
 * frames; its branches were carried up across the sky as dark streaks (seed unseen-77: 46.44
 * dB, delogo 47.73; 48.88 with the check).
 */
export function continueEdges(frame: Uint8Array, target: BoxLines): void {
  const { window, lines } = target;
  if (lines.angle.length === 0) return;
  const values = Float32Array.from(cropWindow(frame, window));
  const { pixels } = lines;
  const base = Float32Array.from(pixels, (i) => values[i] as number);
  const agreed = fillFromAgreeingLines(values, lines, base);
  const filled = fillAlongEdges(values, lines, agreed, target.seen);
  target.seen = keepForNext(target.seen, values);
  pixels.forEach((i, k) => {
    values[i] = filled[k] as number;
  });
  writeWindow(frame, window, window.inside, values);
}
