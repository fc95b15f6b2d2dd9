/** What other packages' tests reuse: clips, hostile files, video comparison, generated marks. */
export * from "./clips";
export * from "./fixtures/hostile";
export { compositeMarks } from "./quality/ffmpeg";
export {
  intersectionOverUnion,
  type MarkKind,
  type MarkPlan,
  planMark,
  type TrueMark,
  trueMarks,
} from "./quality/marks";
export { createRng, seedFrom } from "./quality/prng";
export * from "./removal-check";
export * from "./video-compare";
