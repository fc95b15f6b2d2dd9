import { formatPixels } from "../ffmpeg/format-number";
import type { Region } from "../regions";

/**
 * A blur strong enough to erase text: a Gaussian whose sigma grows with the area (a quarter of
 * its shorter side, 2..64). gblur accepts any area size, unlike boxblur's radius limits.
 */
export function blurSigma(region: Pick<Region, "width" | "height">): number {
  return Math.min(64, Math.max(2, Math.round(Math.min(region.width, region.height) / 4)));
}

export function blurEffect(region: Region): string {
  return `gblur=sigma=${formatPixels(blurSigma(region))}:steps=3`;
}
