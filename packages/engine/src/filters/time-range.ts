import { formatSeconds } from "../ffmpeg/format-number";
import type { Region } from "../regions";

/**
 * The timeline option limiting a filter to a region's time range, or "" when the region covers
 * the whole video. Open-ended ranges use gte() instead of a made-up large end.
 */
export function enableOption(region: Pick<Region, "start" | "end">): string {
  const start = formatSeconds(region.start);
  if (region.end === null) return region.start > 0 ? `:enable='gte(t,${start})'` : "";
  return `:enable='between(t,${start},${formatSeconds(region.end)})'`;
}
