import type { Method } from "@wr/contracts";
import { formatPixels } from "../ffmpeg/format-number";
import type { FrameSize, Region } from "../regions";
import { cropTo } from "./area";
import { blackBox } from "./black";
import { blurEffect } from "./blur";
import { delogo } from "./delogo";
import { evenSizeCrop } from "./even-size";
import { pixelateEffect } from "./pixelate";
import { enableOption } from "./time-range";

export type FilterMethod = Exclude<Method, "smartfill">;

/** The graph reads the first video stream and ends in this label, which the output maps. */
export const GRAPH_INPUT = "[0:v:0]";
export const GRAPH_OUTPUT = "[vout]";

/** The whole -filter_complex string for one of the filter methods. */
export function buildFilterGraph(
  method: FilterMethod,
  regions: readonly Region[],
  frame: FrameSize,
): string {
  const finish = evenSizeCrop(frame);
  switch (method) {
    case "black":
      return chainGraph(regions.map(blackBox), finish);
    case "delogo":
      return chainGraph(
        regions.map((region) => delogo(region, frame)).filter((f) => f !== null),
        finish,
      );
    case "blur":
      return overlayGraph(regions, blurEffect, finish);
    case "pixelate":
      return overlayGraph(regions, pixelateEffect, finish);
  }
}

/** Every frame goes through as 8-bit 4:2:0, the format all filters here and the output share. */
const NORMALIZE = "format=yuv420p";

/** Filters that draw in place, one after the other. */
function chainGraph(filters: readonly string[], finish: string | null): string {
  return `${GRAPH_INPUT}${[NORMALIZE, ...filters, ...optional(finish)].join(",")}${GRAPH_OUTPUT}`;
}

/**
 * Filters that need the region on its own: split the frame, crop each region out, apply the
 * effect, overlay it back at the same place during the region's time range.
 */
function overlayGraph(
  regions: readonly Region[],
  effect: (region: Region) => string,
  finish: string | null,
): string {
  if (regions.length === 0) return chainGraph([], finish);
  const cuts = regions.map((_, i) => `[c${formatPixels(i)}]`);
  const segments = [
    `${GRAPH_INPUT}${NORMALIZE},split=${formatPixels(regions.length + 1)}[base]${cuts.join("")}`,
  ];
  let below = "[base]";
  regions.forEach((region, i) => {
    const patch = `[p${formatPixels(i)}]`;
    segments.push(`${cuts[i]}${cropTo(region)},${effect(region)}${patch}`);
    const last = i === regions.length - 1;
    const overlay = `overlay=x=${formatPixels(region.x)}:y=${formatPixels(region.y)}${enableOption(region)}`;
    const out = last ? GRAPH_OUTPUT : `[o${formatPixels(i)}]`;
    const chain = last ? [overlay, ...optional(finish)] : [overlay];
    segments.push(`${below}${patch}${chain.join(",")}${out}`);
    below = out;
  });
  return segments.join(";");
}

function optional(filter: string | null): string[] {
  return filter === null ? [] : [filter];
}
