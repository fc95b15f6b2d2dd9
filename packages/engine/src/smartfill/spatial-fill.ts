import type { Region } from "../regions";
import { type Border, type PlaneView, sampleBorder } from "./border";
import { fillCoonsPatch } from "./coons-patch";
import { fillInverseDistance } from "./inverse-distance-fill";
import { DEFAULT_SMOOTHING, type SmoothingOptions, smoothBorder } from "./temporal-smoothing";
import { type Box, type Plane, planePixels, regionInPlane, type YuvLayout } from "./yuv-layout";

/** Rewrites the pixels inside the regions of one frame, in place. */
export type FrameFiller = (frame: Uint8Array) => void;

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

type Target = { plane: Plane; box: Box; previous: Border | null };

/**
 * The first smartfill: every region of every plane is filled from the band of pixels around
 * it, the band smoothed over time. Regions are done in order, so a region next to an earlier
 * one sees it already filled.
 */
export function createSpatialFiller(
  layout: YuvLayout,
  regions: readonly Region[],
  options: SpatialFillOptions = DEFAULT_SPATIAL_FILL,
): FrameFiller {
  const blend = BLENDS[options.blend];
  const targets: Target[] = regions.flatMap((region) =>
    layout.planes.map((plane) => ({ plane, box: regionInPlane(region, plane), previous: null })),
  );
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
    }
  };
}
