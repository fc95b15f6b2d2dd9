/** What other packages' tests reuse: clips, hostile files, video comparison, generated marks. */
export * from "./clips";
export * from "./fixtures/hostile";
export { burnMark } from "./quality/detect-case";
export { intersectionOverUnion, type MarkKind } from "./quality/marks";
export * from "./removal-check";
export * from "./video-compare";
