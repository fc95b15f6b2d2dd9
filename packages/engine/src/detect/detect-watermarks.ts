import type { DetectedArea, MediaInfo } from "@wr/contracts";
import { MIN_RECTANGLE_SIDE } from "@wr/contracts";
import { startDeadline } from "../ffmpeg/deadline";
import { stoppedError } from "../ffmpeg/tool-failure";
import { confidenceOf, isMark } from "./accept-candidate";
import { type Candidate, findCandidates } from "./find-candidates";
import { intersectionOverUnion, overlapOfSmaller, type PixelBox } from "./pixel-boxes";
import {
  addPlane,
  createPlaneStats,
  mergeStats,
  type PlaneStats,
  planeFeatures,
} from "./plane-stats";
import { presenceOf, shownBetween } from "./presence";
import { type Samples, sampleFrames } from "./sample-frames";
import { windowMasks } from "./window-masks";

export type DetectOptions = {
  inputPath: string;
  media: MediaInfo;
  /** Wall-clock limit; ffmpeg is killed and the call rejects when it passes. */
  timeoutMs: number;
  signal?: AbortSignal;
};

/** Halves are looked at on their own (a mark shown part of the time) from this many samples. */
const MIN_SAMPLES_FOR_HALVES = 24;
/** Finds are one when they overlap by this share of their union, or of the smaller one. */
const SAME_PLACE = 0.2;
const INSIDE_OTHER = 0.5;

type Planes = [PlaneStats, PlaneStats, PlaneStats];
type Found = Candidate & { template: PlaneStats };

/**
 * Finds marks that stay put while the picture beneath them changes, from frames sampled over
 * the whole video, and a part of it when the mark shows only part of the time. Returns tight
 * boxes in video pixels, most confident first.
 */
export async function detectWatermarks(options: DetectOptions): Promise<DetectedArea[]> {
  const deadline = startDeadline(options.timeoutMs, options.signal);
  try {
    const samples = await sampleFrames(options.media, options.inputPath, deadline.signal);
    if (deadline.expired()) throw stoppedError(deadline.signal.reason);
    return suggest(samples, options.media);
  } finally {
    deadline.dispose();
  }
}

function suggest(samples: Samples, media: MediaInfo): DetectedArea[] {
  const halves = [0, 1].map(() => emptyPlanes(samples));
  samples.frames.forEach((frame, index) => {
    const half = halves[index < samples.frames.length / 2 ? 0 : 1] as Planes;
    for (const [p, plane] of samples.layout.planes.entries())
      addPlane(half[p] as PlaneStats, frame, plane.offset);
  });
  const windows: Planes[][] = [halves];
  if (samples.frames.length >= MIN_SAMPLES_FOR_HALVES)
    windows.push([halves[0] as Planes], [halves[1] as Planes]);

  const found: Found[] = [];
  for (const parts of windows) {
    const [luma, u, v] = [0, 1, 2].map((p) =>
      mergeStats(parts.map((part) => part[p] as PlaneStats)),
    ) as Planes;
    const masks = windowMasks({
      luma: planeFeatures(luma),
      u: planeFeatures(u),
      v: planeFeatures(v),
    });
    const marks = findCandidates(masks).filter((c) => isMark(c, masks.width, masks.height));
    for (const mark of withoutInnerParts(marks)) found.push({ ...mark, template: luma });
  }
  const areas = distinct(found).flatMap((mark) => toArea(mark, samples, media));
  return areas.sort((a, b) => b.confidence - a.confidence);
}

function emptyPlanes(samples: Samples): Planes {
  return samples.layout.planes.map((plane) =>
    createPlaneStats(plane.width, plane.height),
  ) as Planes;
}

/**
 * A logo's outline and the shape drawn inside it are apart, so they are found as two parts of
 * the same window; the part inside is the logo's, and the outline's box is the logo's box.
 */
function withoutInnerParts(marks: Candidate[]): Candidate[] {
  return marks.filter(
    (inner) =>
      !marks.some(
        (outer) => outer !== inner && contains(outer.box, inner.box) && outer.kind === inner.kind,
      ),
  );
}

function contains(outer: PixelBox, inner: PixelBox): boolean {
  return (
    outer.x0 <= inner.x0 && outer.y0 <= inner.y0 && outer.x1 >= inner.x1 && outer.y1 >= inner.y1
  );
}

/** The best of each group of overlapping finds: opaque (still) finds first, then the steadiest. */
function distinct(found: Found[]): Found[] {
  const rank = (mark: Found) => (mark.kind === "still" ? 1 : 0) + mark.consistency;
  const kept: Found[] = [];
  for (const mark of [...found].sort((a, b) => rank(b) - rank(a))) {
    if (!kept.some((other) => samePlace(other.box, mark.box))) kept.push(mark);
  }
  return kept;
}

function samePlace(a: PixelBox, b: PixelBox): boolean {
  return intersectionOverUnion(a, b) > SAME_PLACE || overlapOfSmaller(a, b) > INSIDE_OTHER;
}

function toArea(mark: Found, samples: Samples, media: MediaInfo): DetectedArea[] {
  const shown = shownBetween(
    presenceOf(mark.box, mark.template, samples.frames),
    samples.times,
    media.duration,
  );
  if (!shown) return [];
  const x = Math.max(0, Math.floor(mark.box.x0 * samples.scaleX));
  const y = Math.max(0, Math.floor(mark.box.y0 * samples.scaleY));
  const right = Math.min(media.width, Math.ceil(mark.box.x1 * samples.scaleX));
  const bottom = Math.min(media.height, Math.ceil(mark.box.y1 * samples.scaleY));
  if (right - x < MIN_RECTANGLE_SIDE || bottom - y < MIN_RECTANGLE_SIDE) return [];
  return [{ x, y, width: right - x, height: bottom - y, ...shown, confidence: confidenceOf(mark) }];
}
