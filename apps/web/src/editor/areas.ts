import {
  type FreeTrialInfo,
  findRectangleProblem,
  type Method,
  methodUsesTimeRange,
  type Rectangle,
} from "@wr/contracts";
import type { Box } from "./geometry";

/** The methods in the order the selector lists them, with their labels. */
export const METHOD_OPTIONS: { value: Method; label: string }[] = [
  { value: "smartfill", label: "Smart fill" },
  { value: "delogo", label: "Delogo" },
  { value: "blur", label: "Blur" },
  { value: "pixelate", label: "Pixelate" },
  { value: "black", label: "Black box" },
];

/**
 * A marked area: position in whole video pixels, and the time range as typed (seconds; an
 * empty end means "to the end of the video"). `currentTimestamp` is where the video was.
 */
export type Area = Box & { id: number; start: string; end: string; currentTimestamp: number };

/** The time inputs' maximum: the video's duration, or 999 while it is unknown (SPEC §5). */
export function maxTime(duration: number | null | undefined): number {
  return duration && Number.isFinite(duration) && duration > 0 ? duration : 999;
}

export function describeArea(area: Box, index: number): string {
  return `Area ${index + 1}: ${area.width}×${area.height} at (${area.x}, ${area.y})`;
}

function seconds(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** What the server is sent: times only for the methods that honour them. */
export function toRectangles(areas: Area[], method: Method): Rectangle[] {
  return areas.map((area) => {
    const box = { x: area.x, y: area.y, width: area.width, height: area.height };
    if (!methodUsesTimeRange(method)) return box;
    const start = seconds(area.start);
    const end = seconds(area.end);
    return { ...box, startTime: start ?? 0, ...(end === null ? {} : { endTime: end }) };
  });
}

/**
 * The first thing wrong with the areas for this video, as a sentence, or null. Checks what
 * the server checks (contracts' findRectangleProblem) plus times that are not numbers.
 */
export function findAreaProblem(
  areas: Area[],
  method: Method,
  video: { width: number; height: number; duration: number | null },
): string | null {
  if (methodUsesTimeRange(method)) {
    for (const [index, area] of areas.entries()) {
      if (Number.isNaN(seconds(area.start)) || Number.isNaN(seconds(area.end))) {
        return `Area ${index + 1}: start and end must be numbers of seconds`;
      }
    }
  }
  const duration =
    video.duration && Number.isFinite(video.duration) ? video.duration : Number.MAX_VALUE;
  return findRectangleProblem(toRectangles(areas, method), { ...video, duration });
}

/** "2 free videos left", "1 free video left", "No free videos left". */
export function trialLabel(info: FreeTrialInfo): string {
  if (info.blocked) return "Free trial not available on this device";
  if (info.remaining <= 0) return "No free videos left";
  return `${info.remaining} free video${info.remaining === 1 ? "" : "s"} left`;
}

export type ApiFailure = {
  message: string;
  extra: Record<string, unknown>;
  /** True when the server answered with an error of its own (not a network failure). */
  fromServer: boolean;
};

/** SPEC §8 Process: the server's error, or its details, or the generic sentence. */
export function processErrorMessage(failure: ApiFailure): string {
  if (failure.fromServer && failure.message.trim()) return failure.message;
  const details = failure.extra.details;
  if (typeof details === "string" && details.trim()) return details;
  return "Failed to process video. Please try again.";
}

/** The job's own error, or "Processing failed". */
export function jobErrorMessage(error: string | null | undefined): string {
  return error?.trim() ? error : "Processing failed";
}

export type LimitReached = { needsAuth: boolean; needsPayment: boolean };

/** needsAuth / needsPayment in the error's extra flag the trial or credit limit (SPEC §4). */
export function limitFrom(extra: Record<string, unknown>): LimitReached | null {
  const needsAuth = extra.needsAuth === true;
  const needsPayment = extra.needsPayment === true;
  return needsAuth || needsPayment ? { needsAuth, needsPayment } : null;
}

/** Only files whose type starts with video/ are accepted (SPEC §5). */
export function isVideoFile(file: { type: string }): boolean {
  return file.type.startsWith("video/");
}
