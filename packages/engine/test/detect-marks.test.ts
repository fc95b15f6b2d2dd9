/**
 * Watermark detection on real footage: marks of each kind burnt into a clip whose camera moves
 * are found with tight boxes and, when they show only part of the time, their start and end;
 * clean clips get no suggestion where the camera moves and at most one over the still ones.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { MEDIA_DIR, STATIC_CAMERA_CLIPS, scratchDir } from "./clips";
import { detectIn, detectMark, matchMarks } from "./quality/detect-case";
import { MARK_KINDS } from "./quality/marks";

const TIMEOUT = 300_000;
const SEED = "detect-test";
const MOVING_CLIP = join(MEDIA_DIR, "bee_takeoff_fast_audio_1280x720.mp4");

let dir: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  dir = await scratchDir();
});
afterAll(() => dir.remove());

describe("marks burnt into a moving clip are found", () => {
  for (const kind of MARK_KINDS) {
    test(
      `${kind}: every mark's box has IoU >= 0.7 and its seconds are within 0.5 s`,
      async () => {
        const found = await detectMark(MOVING_CLIP, kind, SEED, dir.path);
        const { matches, unmatched } = matchMarks(found.areas, found.marks, found.media.duration);
        expect(matches).toHaveLength(kind === "jumping" ? 2 : 1);
        for (const match of matches) {
          expect(match.iou).toBeGreaterThanOrEqual(0.7);
          expect(match.timeError).toBeLessThanOrEqual(0.5);
        }
        expect(unmatched).toEqual([]);
        for (const area of found.areas) {
          expect(area.confidence).toBeGreaterThan(0);
          expect(area.confidence).toBeLessThanOrEqual(1);
        }
      },
      TIMEOUT,
    );
  }
});

describe("clean clips", () => {
  const clips = readdirSync(MEDIA_DIR).filter((file) => file.endsWith(".mp4"));

  test("the shared clips are all here: seven with a moving camera, three still", () => {
    expect(clips.length).toBe(10);
    for (const still of STATIC_CAMERA_CLIPS) expect(clips).toContain(still);
  });

  test(
    "no suggestion on any clip whose camera moves",
    async () => {
      const suggested: Record<string, unknown[]> = {};
      for (const clip of clips.filter((file) => !STATIC_CAMERA_CLIPS.includes(file))) {
        suggested[clip] = (await detectIn(join(MEDIA_DIR, clip))).areas;
      }
      for (const areas of Object.values(suggested)) expect(areas).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "at most one suggestion over all the still-camera clips: still scenery is not a mark",
    async () => {
      let total = 0;
      for (const clip of STATIC_CAMERA_CLIPS)
        total += (await detectIn(join(MEDIA_DIR, clip))).areas.length;
      expect(total).toBeLessThanOrEqual(1);
    },
    TIMEOUT,
  );
});
