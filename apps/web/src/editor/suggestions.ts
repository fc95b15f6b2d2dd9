import { type DetectedArea, MAX_RECTANGLES } from "@wr/contracts";
import type { Area } from "./areas";
import { type Box, videoToDisplay } from "./geometry";

/**
 * Watermark areas the server suggests for an upload: shown dashed on the preview until the
 * user accepts them, one by one or all at once; an accepted one becomes an ordinary area.
 */
export type Suggestion = DetectedArea & { id: number };

/** The search for suggestions of the current upload, as the editor shows it. */
export type DetectionState =
  | { status: "idle" }
  | { status: "searching" }
  | { status: "done"; found: number }
  | { status: "failed" };

/**
 * Times this close to the ends of the video count as the ends: the browser and the server
 * measure the duration a little differently.
 */
const END_TOLERANCE_S = 0.1;

/** Whole tenths of a second (the time inputs' step) as the inputs show them: "1.3", "2". */
const tenths = (seconds: number) => String(Number(seconds.toFixed(1)));

/**
 * An accepted suggestion as an area. When the mark shows for only part of the video, the
 * area's start and end are that span widened to whole tenths of a second (start rounded down,
 * end up, so the whole span is covered); otherwise they stay as a drawn area's: from the start
 * ("0") to the end of the video (empty). `duration` is the video's, or null while unknown.
 */
export function suggestionToArea(
  suggestion: DetectedArea,
  id: number,
  duration: number | null,
): Area {
  const { x, y, width, height, startTime, endTime } = suggestion;
  const fromStart = startTime <= END_TOLERANCE_S;
  const end = Math.ceil(endTime * 10 - 1e-6) / 10;
  const toEnd = duration === null || endTime >= duration - END_TOLERANCE_S;
  return {
    x,
    y,
    width,
    height,
    id,
    start: fromStart ? "0" : tenths(Math.floor(startTime * 10 + 1e-6) / 10),
    end: toEnd ? "" : tenths(end),
    currentTimestamp: fromStart ? 0 : startTime,
  };
}

export type Accepted = { areas: Area[]; suggestions: Suggestion[]; added: number };

/**
 * Accepts the suggestions named by `ids` (in the order they are listed), as many as the
 * MAX_RECTANGLES limit leaves room for: they join the areas and leave the suggestions.
 * `nextId` gives each new area its id.
 */
export function acceptSuggestions(
  areas: Area[],
  suggestions: Suggestion[],
  ids: number[],
  nextId: () => number,
  duration: number | null,
): Accepted {
  const room = Math.max(0, MAX_RECTANGLES - areas.length);
  const taken = suggestions.filter((suggestion) => ids.includes(suggestion.id)).slice(0, room);
  return {
    areas: [
      ...areas,
      ...taken.map((suggestion) => suggestionToArea(suggestion, nextId(), duration)),
    ],
    suggestions: suggestions.filter((suggestion) => !taken.includes(suggestion)),
    added: taken.length,
  };
}

/** What the editor says about the search, or null when there is nothing to say. */
export function detectionNote(state: DetectionState, waiting: number): string | null {
  switch (state.status) {
    case "searching":
      return "Looking for watermarks…";
    case "failed":
      return "Could not look for watermarks automatically: draw a rectangle over each one.";
    case "done":
      if (state.found === 0) return "No watermark found automatically — draw a rectangle over it.";
      if (waiting === 0) return null;
      return waiting === 1
        ? "1 possible watermark found: it is outlined with dashes on the preview. Accept it, or draw your own."
        : `${waiting} possible watermarks found: they are outlined with dashes on the preview. Accept them, or draw your own.`;
    default:
      return null;
  }
}

/**
 * Where a box of the video sits on the preview, in percent of the preview box, which is
 * always 16:9 (the picture letterboxed inside it): stays right at any size, no measuring.
 */
export function previewPercent(box: Box, video: { width: number; height: number }): Box {
  const frame = {
    displayWidth: 16,
    displayHeight: 9,
    videoWidth: video.width,
    videoHeight: video.height,
  };
  const shown = videoToDisplay(box, frame);
  return {
    x: (shown.x / 16) * 100,
    y: (shown.y / 9) * 100,
    width: (shown.width / 16) * 100,
    height: (shown.height / 9) * 100,
  };
}
