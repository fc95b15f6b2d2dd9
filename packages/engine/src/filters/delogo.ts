import type { FrameSize, Region } from "../regions";
import { areaOptions } from "./area";
import { enableOption } from "./time-range";

/**
 * ffmpeg 5.1's delogo interpolates from the pixels around the area and refuses an area that
 * touches the frame's edge, so the area is pulled at least 1 px inside every edge.
 * Null when nothing is left of it (frames under 3 px).
 */
export function delogoArea(region: Region, frame: FrameSize): Region | null {
  const left = Math.max(region.x, 1);
  const top = Math.max(region.y, 1);
  const right = Math.min(region.x + region.width, frame.width - 1);
  const bottom = Math.min(region.y + region.height, frame.height - 1);
  if (right <= left || bottom <= top) return null;
  return { ...region, x: left, y: top, width: right - left, height: bottom - top };
}

export function delogo(region: Region, frame: FrameSize): string | null {
  const area = delogoArea(region, frame);
  return area ? `delogo=${areaOptions(area)}${enableOption(area)}` : null;
}
