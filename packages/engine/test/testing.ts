/** What other packages' tests reuse: clips, hostile files, and video comparison. */
export * from "./clips";
export * from "./fixtures/hostile";
export * from "./removal-check";
export * from "./video-compare";
