import { formatPixels } from "../ffmpeg/format-number";
import type { Region } from "../regions";

/** "x=..:y=..:w=..:h=.." for filters that name an area that way (drawbox, delogo). */
export function areaOptions(region: Pick<Region, "x" | "y" | "width" | "height">): string {
  return `x=${formatPixels(region.x)}:y=${formatPixels(region.y)}:w=${formatPixels(region.width)}:h=${formatPixels(region.height)}`;
}

/** The crop that cuts a region out of the frame, exactly (odd offsets kept for 4:2:0 too). */
export function cropTo(region: Pick<Region, "x" | "y" | "width" | "height">): string {
  return `crop=w=${formatPixels(region.width)}:h=${formatPixels(region.height)}:x=${formatPixels(region.x)}:y=${formatPixels(region.y)}:exact=1`;
}
