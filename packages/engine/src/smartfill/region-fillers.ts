import type { Region } from "../regions";
import type { FillRecorder } from "./fill-record";
import type { LearntMarks, RegionPlan } from "./learn-marks";
import { cropSample, showsMark } from "./mark-model";
import type { MotionTracker } from "./motion-tracker";
import { createPlateFiller } from "./plate-fill";
import { createSpatialFiller, DEFAULT_SPATIAL_FILL, type FrameFiller } from "./spatial-fill";
import { createUnblender, type UnblendOptions } from "./unblend";
import { keepingSpared } from "./written-pixels";
import { type YuvLayout, yuv420Layout } from "./yuv-layout";

/** The frame size and regions the fillers work on. */
export type FillTarget = { media: { width: number; height: number }; regions: readonly Region[] };

/**
 * How a region whose opaque fill is carried is filled (fill-record.ts): live, with its windows
 * recorded as it goes (its motion read from `tracker` when it was tracked ahead, for a mark in
 * every frame), or written from the two passes' records.
 */
export type CarriedFill =
  | { record: FillRecorder; tracker?: MotionTracker }
  | { replay: FrameFiller };

/**
 * Each region's filler for its plan: regions with a learnt mark have its blend inverted, the
 * others are filled from their border, steadied over time (or kept, see RegionPlan); either
 * only in the frames that show the mark when it was found. Where frames without the mark show
 * a still picture beneath it, that picture is used first (plate-fill.ts).
 */
export function regionFillers(
  target: FillTarget,
  marks: LearntMarks,
  carried: readonly (CarriedFill | undefined)[],
  options: UnblendOptions,
): FrameFiller[] {
  const layout = yuv420Layout(target.media.width, target.media.height);
  return target.regions.map((region, index) => {
    const plan = marks[index] ?? { kind: "fill", model: null, always: true };
    const filler = regionFiller(layout, region, plan, carried[index], options);
    return plan.plate && plan.model ? createPlateFiller(plan.model, plan.plate, filler) : filler;
  });
}

function regionFiller(
  layout: YuvLayout,
  region: Region,
  plan: RegionPlan,
  carried: CarriedFill | undefined,
  options: UnblendOptions,
): FrameFiller {
  if (plan.kind === "keep") return () => {};
  if (plan.kind === "invert") {
    if (carried && "replay" in carried) return carried.replay;
    const { always, strength, edges, withFill } = plan;
    const record = carried?.record;
    // A mark not in every frame is tracked over the frames that show it alone.
    const tracker = always ? carried?.tracker : undefined;
    return createUnblender(
      plan.model,
      {
        always,
        strength,
        ...(edges ? { edges } : {}),
        ...(record ? { record } : {}),
        ...(tracker ? { tracker } : {}),
        ...(withFill ? { withFill } : {}),
      },
      options,
    );
  }
  const model = plan.model;
  const border = keepingSpared(
    model,
    createSpatialFiller(layout, region, DEFAULT_SPATIAL_FILL, plan.edges),
  );
  if (!model || plan.always) return border;
  return (frame: Uint8Array) => {
    if (showsMark(model, cropSample(frame, model))) border(frame);
  };
}
