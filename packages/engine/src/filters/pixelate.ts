import { formatPixels } from "../ffmpeg/format-number";
import type { Region } from "../regions";

/** Block side in pixels: an eighth of the area's shorter side, at least 8. */
export function pixelBlockSize(region: Pick<Region, "width" | "height">): number {
  return Math.max(8, Math.floor(Math.min(region.width, region.height) / 8));
}

/** Averages blocks down (area), then blows them back up without smoothing (neighbor). */
export function pixelateEffect(region: Region): string {
  const block = pixelBlockSize(region);
  const smallWidth = Math.max(1, Math.round(region.width / block));
  const smallHeight = Math.max(1, Math.round(region.height / block));
  return [
    `scale=w=${formatPixels(smallWidth)}:h=${formatPixels(smallHeight)}:flags=area`,
    `scale=w=${formatPixels(region.width)}:h=${formatPixels(region.height)}:flags=neighbor`,
  ].join(",");
}
