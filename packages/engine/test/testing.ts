/** What other packages' tests reuse: clips, hostile files, video comparison, generated marks. */
export * from "./clips";
export * from "./fixtures/hostile";
export { compositeMarks } from "./quality/ffmpeg";
export { type MarkKind, type MarkPlan, planMark } from "./quality/marks";
export { createRng, seedFrom } from "./quality/prng";
export * from "./removal-check";
export * from "./video-compare";
