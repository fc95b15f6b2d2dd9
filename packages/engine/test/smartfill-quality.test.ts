/**
 * Smart fill against marks of known opacity composited onto real clips: it must give back the
 * picture beneath a semi-transparent mark far better than delogo, never do worse than delogo
 * on an opaque one, and leave everything outside the marked areas as a plain re-encode would.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { MEDIA_DIR, scratchDir } from "./clips";
import {
  type CaseResult,
  type PreparedClip,
  planFor,
  prepareClip,
  runMarkCase,
} from "./quality/mark-case";
import type { MarkBox, MarkKind } from "./quality/marks";

const TIMEOUT = 300_000;
const SEED = "smartfill-quality-test";
const METHODS = ["none", "delogo", "smartfill"] as const;

let dir: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  dir = await scratchDir();
});
afterAll(() => dir.remove());

const byMethod = (results: CaseResult[]) =>
  Object.fromEntries(results.map((r) => [r.method, r])) as Record<
    (typeof METHODS)[number],
    CaseResult
  >;

async function measure(clipFile: string, kind: MarkKind, frames: number | undefined, seed = SEED) {
  const clip: PreparedClip = await prepareClip(join(MEDIA_DIR, clipFile), dir.path, frames);
  return byMethod(await runMarkCase(clip, planFor(clip, kind, seed), dir.path, METHODS));
}

/**
 * Smart fill's PSNR inside an opaque logo over the parking lot a car drives under in frames 26
 * to 56 (seed unseen-37), over the frames and boxes `measured` makes of the mark's.
 */
async function underPassingCar(measured: (box: MarkBox) => MarkBox[]): Promise<number> {
  const clip = await prepareClip(
    join(MEDIA_DIR, "parking_lot_topdown_static_640x360.mp4"),
    dir.path,
  );
  const plan = planFor(clip, "opaque", "unseen-37");
  const [r] = await runMarkCase(clip, plan, dir.path, ["smartfill"], plan.boxes.flatMap(measured));
  return r?.psnrIn ?? Number.NaN;
}

/**
 * A whole clip with a mark of `kind` placed from `seed`: smart fill must score at least
 * `overDelogo` dB above delogo inside, and leave the outside as a plain re-encode would.
 */
async function expectOverDelogo(
  clipFile: string,
  kind: MarkKind,
  seed: string,
  overDelogo: number,
) {
  const r = await measure(clipFile, kind, undefined, seed);
  expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(r.delogo.psnrIn + overDelogo);
  expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
  return r;
}

/**
 * A whole clip with a mark of `kind` placed from `seed`: smart fill must score more than `dB`
 * above `method` inside, and leave the outside as a plain re-encode would.
 */
async function expectOver(
  clipFile: string,
  kind: MarkKind,
  seed: string,
  method: "none" | "delogo",
  dB: number,
) {
  const r = await measure(clipFile, kind, undefined, seed);
  expect(r.smartfill.psnrIn).toBeGreaterThan(r[method].psnrIn + dB);
  expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
}

describe("smart fill quality", () => {
  test(
    "semi-transparent text: the picture beneath comes back (>= 34 dB, >= delogo + 8 dB)",
    async () => {
      const r = await measure("butterfly_thistle_audio_1280x720.mp4", "text", 90);
      expect(r.smartfill.framesOut).toBe(r.smartfill.framesRef);
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(34);
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(r.delogo.psnrIn + 8);
      expect(r.smartfill.psnrIn).toBeGreaterThan(r.none.psnrIn + 8);
      // Outside the area: what a plain re-encode of the marked video gives, within 0.3 dB.
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
      expect(Math.abs(r.smartfill.flicker)).toBeLessThanOrEqual(0.5);
    },
    TIMEOUT,
  );

  test.each(["unseen-1", "unseen-64"])(
    "semi-transparent text over a blurred flower held still (%s): never worse than delogo",
    async (seed) => {
      // Too little changes beneath the letters to learn their opacity: the gain map missed
      // whole letters (unseen-1: 24.4 dB against 32.8 for delogo) or scattered pixels of them
      // (unseen-64: 29.7 against 30.1), which the correction left in place. Their steps stand
      // out from the blur: learnt there too, the letters go (39 and 37.3 dB).
      const r = await measure("flower_macro_static_854x480.mp4", "text", undefined, seed);
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(r.delogo.psnrIn + 4);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
      expect(Math.abs(r.smartfill.flicker)).toBeLessThanOrEqual(0.5);
    },
    TIMEOUT,
  );

  test(
    "semi-transparent logo over a moving picture: the picture beneath comes back (>= 32 dB)",
    async () => {
      const r = await measure("bee_takeoff_fast_audio_1280x720.mp4", "logo", 60);
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(32);
      expect(r.smartfill.psnrIn).toBeGreaterThan(r.delogo.psnrIn + 6);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
      expect(Math.abs(r.smartfill.flicker)).toBeLessThanOrEqual(0.5);
    },
    TIMEOUT,
  );

  test(
    "semi-transparent logo over a still webcam picture: no further from the truth than the input",
    async () => {
      const r = await measure("person_signing_webcam_640x480.mp4", "logo", 90);
      // Nothing moves around or beneath the logo: any guess at what it hides scores below
      // the input (the fill and the learnt correction both did, by 4 dB).
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(r.none.psnrIn - 0.5);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
    },
    TIMEOUT,
  );

  test(
    "semi-transparent logo over a webcam's bare wall, still: taken out, not left as it was",
    async () => {
      // Nothing told the logo's colours from the still wall, but the wall around it is as
      // smooth as a fill from the border makes it: filled, 27.2 dB, where the logo left as it
      // was scored 22.8 (and delogo 18.9).
      const r = await measure("person_signing_webcam_640x480.mp4", "logo", undefined, "fresh-a7");
      expect(r.smartfill.psnrIn).toBeGreaterThan(r.none.psnrIn + 3);
      expect(r.smartfill.psnrIn).toBeGreaterThan(r.delogo.psnrIn + 6);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
      expect(Math.abs(r.smartfill.flicker)).toBeLessThanOrEqual(0.5);
    },
    TIMEOUT,
  );

  test.each(["unseen-2", "unseen-19"])(
    "logo over a blurred flower that barely sways (%s): no further from the truth than the input",
    async (seed) => {
      // Too little changes beneath it to learn its colours: the samples follow what was learnt
      // only faintly, and the correction applied in full scored 21.3 dB against 24.0 for the
      // untouched input. More changes beneath unseen-19's (4.13 levels, over STILL_BENEATH),
      // but its samples follow it as faintly (presence 0.16): in full 20.6 against 23.3.
      const r = await measure("flower_macro_static_854x480.mp4", "logo", undefined, seed);
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(r.none.psnrIn - 0.5);
      expect(r.smartfill.psnrIn).toBeGreaterThan(r.delogo.psnrIn);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
    },
    TIMEOUT,
  );

  test(
    "logo the samples follow faintly, over a blurred background that changes beneath it: taken out",
    async () => {
      // Over a butterfly's flat bokeh the samples follow it faintly (presence 0.19; the blurred
      // flower's above reads 0.10), but the picture beneath it changes: taken for unverifiable,
      // it was filled from its border (whole clip: 31.4 dB; first 120 frames: 31.5), where its
      // correction scores 36.7 and the input 28.2.
      const r = await measure("butterfly_thistle_audio_1280x720.mp4", "logo", 120, "unseen-9");
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(34);
      expect(r.smartfill.psnrIn).toBeGreaterThan(r.none.psnrIn + 5);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
    },
    TIMEOUT,
  );

  test(
    "text over a webcam's wall and the dark shirt beside it: each side filled from its own (>= delogo + 6 dB)",
    async () => {
      // Over the still picture the letters are filled from around them. A fill from the whole
      // border greyed the wall towards the shirt (34.8 dB, delogo 32.4); from the lines across
      // the letters whose ends agree, the wall comes from the wall, the shirt from the shirt
      // (40.5 dB).
      await expectOverDelogo("person_signing_webcam_640x480.mp4", "text", "bench-quality-v1", 6);
    },
    TIMEOUT,
  );

  test(
    "text over a webcam's monitor, its buttons just below: never worse than delogo",
    async () => {
      // A button just under the text matched the monitor's edge above it across the line
      // between them, and that line was drawn through the fill as a bright streak (24.5 dB
      // against 25.0 for delogo); beyond its end the button's edge does not go on.
      const r = await measure("person_signing_webcam_640x480.mp4", "text", undefined, "unseen-8");
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(r.delogo.psnrIn);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
    },
    TIMEOUT,
  );

  test(
    "text over a parking lot's flat asphalt: the correction's amplified noise averaged away",
    async () => {
      // Corrected in full it scored 42.7 dB, under delogo (43.4): over flat asphalt what is left
      // is the encoder's noise, amplified by the mark's gain. Averaged with its border fill: 44.6.
      await expectOver(
        "parking_lot_topdown_static_640x360.mp4",
        "text",
        "unseen-37",
        "delogo",
        0.6,
      );
    },
    TIMEOUT,
  );

  test(
    "thick text over a dashcam's sky, whose light drifts beneath it: taken out in full",
    async () => {
      // Learnt as broad, with little changing beneath it (3.98 levels, under STILL_BENEATH),
      // its correction was applied halfway: 22.0 dB against 26.2 for delogo. The samples follow
      // it closely and the sky beneath drifts: in full it scores 35.3. Another encoder build
      // reads the sky as still (1.98 around, under MOVING_DEVIATION), which filled it (30.8):
      // the drift beneath (3.78) says enough on its own.
      await expectOver("highway_dashcam_moving_854x480.mp4", "text", "unseen-8", "delogo", 5);
    },
    TIMEOUT,
  );

  test(
    "a logo over a dashcam's road, flat asphalt that changes little beneath it: taken out in full",
    async () => {
      // The samples follow it closely, and the road around it is smooth (texture 0.73): the
      // drift beneath (2.57 levels, under DRIFTING_BENEATH) teaches the mark's gain, the border
      // its colour. Corrected halfway it scored 28.2 dB; in full 39.1 (the input 22.5).
      await expectOver("highway_dashcam_moving_854x480.mp4", "logo", "unseen-17", "none", 12);
    },
    TIMEOUT,
  );

  test(
    "a faint logo over a dashcam's road, its samples barely following it: taken out halfway",
    async () => {
      // Too little follows it to check its correction, and it was left as it was (26.4 dB). It
      // is fainter than the road's detail beneath it (its correction changes 198 levels², a
      // border fill 762): halfway it scores 32.2, in full 34.1.
      await expectOver("highway_dashcam_moving_854x480.mp4", "logo", "unseen-22", "none", 4);
    },
    TIMEOUT,
  );

  test(
    "strong thick text over a still webcam picture: taken out, not left as it was",
    async () => {
      // Its strokes came out thick enough to take it for a logo, and nothing moves to check
      // its correction: it was left as it was, 12.99 dB against 32.45 for delogo. Leaving it
      // costs more than any fill measured over a still picture; the fill scores 33.35.
      const r = await measure("person_signing_webcam_640x480.mp4", "text", undefined, "unseen-6");
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(r.delogo.psnrIn);
      expect(r.smartfill.psnrIn).toBeGreaterThan(r.none.psnrIn + 15);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
    },
    TIMEOUT,
  );

  test(
    "faint logo learnt as thin, over a parking lot: the fill would smear it, so it is not used",
    async () => {
      // This placement's logo comes out thin and its correction doubtful: the border fill
      // scored 25.9 dB against 30.5 for the untouched input.
      const r = await measure("parking_lot_topdown_static_640x360.mp4", "logo", 100, "other-v2");
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(r.none.psnrIn - 0.5);
      expect(r.smartfill.psnrIn).toBeGreaterThan(r.delogo.psnrIn + 3);
    },
    TIMEOUT,
  );

  test(
    "two-colour logo over trees, then over the sky: found in every frame, and taken out",
    async () => {
      // Over the dark trees the logo's outline turns from lighter than the picture to darker,
      // so it follows the mark's pattern only inside it, where its two colours meet: judged by
      // its outline alone, the first quarter of the clip kept the logo (24.7 dB).
      const r = await measure("highway_dashcam_moving_854x480.mp4", "logo", undefined, "unseen-2");
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(32);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
      expect(Math.abs(r.smartfill.flicker)).toBeLessThanOrEqual(0.5);
    },
    TIMEOUT,
  );

  test(
    "text that jumps to the opposite corner of a still webcam picture: the corner it left is untouched",
    async () => {
      // Over a still picture every frame follows the text's outline, with it or without it:
      // both corners were filled in every frame, 2.7 dB under the re-encode outside them.
      // Told apart, the frames without the text show what it hides (a plate): the fill from
      // the border scored 28.9 dB, delogo 28.2.
      await expectOverDelogo("person_signing_webcam_640x480.mp4", "jumping", "unseen-2", 6);
    },
    TIMEOUT,
  );

  test(
    "text that jumps away from a dashcam's still sky: the corner it left is untouched",
    async () => {
      // Over the flat sky the text's outline stood out in frames without it too: its corner
      // was filled throughout, 1 dB under the re-encode outside the marks. Told apart, the
      // text was learnt as a blur and would have been left as it was (21.2 dB): judged on the
      // frames without it, the fill lands closer.
      await expectOverDelogo("highway_dashcam_moving_854x480.mp4", "jumping", "unseen-3", 0);
    },
    TIMEOUT,
  );

  test(
    "text that jumps onto a dashcam's road: the corner is untouched until it comes",
    async () => {
      // A dashcam's lane lines hold still in the picture: learnt from the first half alone,
      // where the text has not come yet, they read as a mark in every frame, as clearly as the
      // text itself read from the second half. That corner was filled throughout: 1 dB under
      // the re-encode outside the marks, 35.9 dB inside.
      await expectOverDelogo("highway_dashcam_moving_854x480.mp4", "jumping", "unseen-37", 6);
    },
    TIMEOUT,
  );

  test(
    "faint text that jumps away from the bee's bokeh: the bee flying through the corner it left is untouched",
    async () => {
      // The text, faint over the light bokeh, was too little to learn and filled from the
      // border; and the bee crossing its corner later followed its outline a little, so the
      // samples said it flipped in and out seven times: it was taken to be there throughout.
      // The bee was smeared by the fill, 2 dB under the re-encode outside the marks.
      await expectOverDelogo("bee_takeoff_fast_audio_1280x720.mp4", "jumping", "unseen-41", 6);
    },
    TIMEOUT,
  );

  test(
    "semi-transparent logo over a road where cars pass behind it: removed in every frame",
    async () => {
      // Purple with a green disc, about as light as the road: its outline is told by its
      // colour, which a dark car beneath turned over. Found in 22 of 54 frames, it scored
      // 22.99 dB against 22.47 for doing nothing. The edges between its two colours, in
      // chroma, hold whatever lies beneath: 33.02.
      const clip = "street_driving_autumn_1920x1080.mp4";
      const r = await measure(clip, "logo", undefined, "unseen-3");
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(32);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
    },
    TIMEOUT,
  );

  test(
    "opaque logo: never worse than delogo (- 0.5 dB), outside untouched",
    async () => {
      const r = await measure("bee_takeoff_fast_audio_1280x720.mp4", "opaque", 60);
      expect(r.smartfill.framesOut).toBe(r.smartfill.framesRef);
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(r.delogo.psnrIn - 0.5);
      expect(r.smartfill.psnrIn).toBeGreaterThan(r.none.psnrIn + 6);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
    },
    TIMEOUT,
  );

  test(
    "opaque logo over a still parking lot: the asphalt it spares is kept as it is",
    async () => {
      // The room drawn around the logo, corrected as if the mark lay over it, scored 27.96 dB
      // there against the input's 44.01 (delogo, which rewrites the whole rectangle, 24.64);
      // written only on the logo and a pixel around its fill, 40.13, and the rectangle as a
      // whole 30.09 -> 32.02 (delogo 26.59).
      const clip = "parking_lot_topdown_static_640x360.mp4";
      const r = await expectOverDelogo(clip, "opaque", "unseen-5", 4.5);
      expect(r.smartfill.psnrSpared).toBeGreaterThan(r.none.psnrSpared - 6);
    },
    TIMEOUT,
  );

  test(
    "opaque logo over a still parking lot a shadow sweeps: nothing is carried in (>= delogo - 0.5 dB)",
    async () => {
      // The light changing across the ring was read, from the last frame's motion, as a shift
      // and a turn of the camera: pixels the logo hides in every frame were taken from beside
      // it and carried on with the light of the shadow, 3 levels darker once it had gone
      // (39.80 dB, delogo 40.47). Fitted on from holding still as well, the camera holds still.
      const clip = "parking_lot_topdown_static_640x360.mp4";
      await expectOverDelogo(clip, "opaque", "unseen-51", -0.5);
    },
    TIMEOUT,
  );

  test(
    "opaque logo beside a still monitor: the pole crossing it is drawn from the picture beyond (>= delogo + 1 dB)",
    async () => {
      // The offset learnt on the still pixels right beside the logo was the picture's own steps:
      // corrected, they lost the dark pole that crosses it, and the fill smeared it (18.12 dB,
      // delogo 19.20). Filled from the pixels beyond them, 21.08.
      await expectOverDelogo("person_signing_webcam_640x480.mp4", "opaque", "unseen-77", 1);
    },
    TIMEOUT,
  );

  test(
    "opaque logo over a moving picture: its edge and what it spares are kept (>= delogo + 0.4 dB)",
    async () => {
      const r = await measure("butterfly_thistle_audio_1280x720.mp4", "opaque", 90);
      // delogo + 0.44 dB. Over this swaying plant, the picture carried under the logo, read
      // once from the frame that showed it, scores half a dB under the one that blurred as it
      // was carried from frame to frame (delogo + 1.49), and flickers less (-1.75, was -2.43).
      // Carried backwards too, it lost another half dB on these 90 frames (forward alone,
      // delogo + 0.95) and gained 0.3 on the whole clip; it flickers far less (-0.41, was
      // -1.68). Mixing the backward fill in everywhere scored delogo + 1.63 but flickered
      // (-1.90), as it did on most clips: the opaque logos' median went to -0.88 from -0.32.
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(r.delogo.psnrIn + 0.4);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
    },
    TIMEOUT,
  );

  test(
    "opaque logo over a fast drive: the pixels it spares are not amplified (>= delogo - 0.5 dB)",
    async () => {
      // The opaque logo's damping spilt onto 1,900 of the 4,994 pixels around it that it
      // spares, which then amplified the trees streaming past: 20.01 dB against 22.92 for
      // delogo. Their own change says they are not damped; taken back, 22.47.
      await expectOverDelogo("street_driving_autumn_1920x1080.mp4", "opaque", "unseen-1", -0.5);
    },
    TIMEOUT,
  );

  test(
    "opaque logo over the sky when a traffic light rushes in: its edges are not drawn across (>= delogo - 0.5 dB)",
    async () => {
      // Over its last four frames a traffic light rushes into the logo's box from the side: the
      // edges of its pole and arm, at the hole's sides for the first time, were continued
      // across the sky behind the logo. 30.49 dB against delogo's 31.46; trusted only as far as
      // they were there a frame ago, 31.04.
      await expectOverDelogo("street_driving_autumn_1920x1080.mp4", "opaque", "unseen-11", -0.5);
    },
    TIMEOUT,
  );

  test(
    "opaque logo over a dashcam's road: the picture the camera brings in is carried under it, both ways",
    async () => {
      // The whole clip, with the logo at the top right, where the scenery streams out from the
      // road ahead: the longer the drive, the more of the hidden picture has come into view.
      // A fill from around the logo alone scored delogo + 1.5 dB; carried forward, delogo + 3.1;
      // carried both ways, so that the first frames get what the later ones show, delogo + 7.1.
      await expectOverDelogo("highway_dashcam_moving_854x480.mp4", "opaque", "bench-quality-v1", 6);
    },
    TIMEOUT,
  );

  test(
    "opaque logo over a handheld shot whose camera pauses: the carry goes on (>= delogo + 3.8 dB)",
    async () => {
      // Carried backwards over 145 frames, the picture beneath had drifted a little off the
      // real one around the logo when the camera paused, and the carry was dropped as though a
      // passing object had taken it along (see carry-fill's STILLER): the 65 frames before
      // started again from nothing. delogo + 3.41 dB then; carried on, delogo + 4.14.
      await expectOverDelogo("flower_handheld_1280x720.mp4", "opaque", "bench-quality-v1", 3.8);
    },
    TIMEOUT,
  );

  test(
    "opaque logo over a thistle that sways apart from its background: a carry that strays is dropped (>= delogo + 2 dB)",
    async () => {
      // The whole clip, the logo at the top right. The near plant and the far field move apart,
      // and the picture carried under the logo, fitted to one of them, strays from the other
      // where it meets the logo's edge. Measured over the whole edge, where the carry had not
      // reached too, the stray went unseen: delogo + 1.40 dB (+ 1.69 with the stricter bound of
      // carry-fill's MISFIT); measured where the carry reached, + 2.36.
      await expectOverDelogo(
        "butterfly_thistle_audio_1280x720.mp4",
        "opaque",
        "bench-quality-v1",
        2,
      );
    },
    TIMEOUT,
  );

  test(
    "opaque logo over a webcam's still room: the pole it hides is continued through it (>= delogo + 6 dB)",
    async () => {
      // Nothing moves around the logo, so its opacity cannot be learnt and the box is filled
      // from its border: the leaning pole behind it came out as a grey smear, 19.60 dB against
      // delogo's 19.44. Continued along its edges, 22.00 (24.26 later). The pole's left edge
      // runs into the monitor's lower rim under the logo, and nothing below matched it but a
      // gap in the rim 7 pixels aside: joined to it, the pole widened downwards. Carried down
      // from above alone, and the rim in from the left up to the pole, 26.47.
      const clip = "person_signing_webcam_640x480.mp4";
      const r = await expectOverDelogo(clip, "opaque", "bench-quality-v1", 6);
      expect(Math.abs(r.smartfill.flicker)).toBeLessThanOrEqual(0.5);
    },
    TIMEOUT,
  );

  test(
    "text that jumps away from the bottom edge of a vertical flower shot: learnt from the frames it shows in (>= delogo + 6 dB)",
    async () => {
      // The text sits at the bottom right for the first half (seed unseen-53). Learnt from every
      // frame, it was said to show in 81 of 105 samples; learnt again from those, it told the
      // 53 that show it from the rest, but that correction, diluted by the 28 without it, left
      // its letters standing: 27.33 dB against delogo's 28.52. Learnt again from the 53, 36.38.
      await expectOverDelogo("vertical_flower_handheld_360x640.mp4", "jumping", "unseen-53", 6);
    },
    TIMEOUT,
  );

  test(
    "logo over a webcam's still, textured room: not taken halfway out (>= the input - 0.5 dB)",
    async () => {
      // Nothing but noise moves around the logo (seed unseen-53), and beneath it the picture
      // barely changes: what was learnt of it took in the monitor's still edges. Applied
      // halfway it left the corner 2.28 dB under the untouched input (20.25 against 22.53).
      await expectOver("person_signing_webcam_640x480.mp4", "logo", "unseen-53", "none", -0.5);
    },
    TIMEOUT,
  );

  test(
    "opaque logo over a parking lot a car drives across: no ground it dragged in is left (> 42 dB)",
    async () => {
      // A car drives under the logo in frames 26 to 56 (seed unseen-37), and the motion fitted
      // around it is the car's: the asphalt beside it was carried into the hole along with it,
      // and stayed there once it had gone, in both passes (about 36 dB over the frames before
      // and after the car). Dropped once the picture around is back to what it was: 45 dB, the
      // fill from the still ground around.
      const psnrIn = await underPassingCar((box) => [
        { ...box, lastFrame: 24 },
        { ...box, firstFrame: 58 },
      ]);
      expect(psnrIn).toBeGreaterThan(42);
    },
    TIMEOUT,
  );

  test(
    "opaque logo over a parking lot a car drives across: the car is carried under it as it goes (> 25 dB)",
    async () => {
      // Around the hole, the car moves 12 to 20 pixels a frame over the still ground, and the
      // affine motion fitted there sheared the two into one: the carry misfit, and started
      // again, every other frame (21.18 dB over the car's frames). Fitted as the car's shift
      // where the affine motion deforms that much (see DEFORMED in ring-motion.ts): 26.85.
      const psnrIn = await underPassingCar((box) => [{ ...box, firstFrame: 26, lastFrame: 56 }]);
      expect(psnrIn).toBeGreaterThan(25);
    },
    TIMEOUT,
  );

  test(
    "opaque logo over a blurred flower held still: its light and shade carry on across it (> 23.9 dB)",
    async () => {
      // Nothing the camera does shows what the logo hides (seed unseen-88), so it is filled
      // from around, and the blurred petals' light and shade run on beneath it: the mean of the
      // membrane and directional fills flattened them (22.95 dB). The thin plate, which a band
      // held out around the hole chose, continues their slopes: 24.35.
      const clip = await prepareClip(join(MEDIA_DIR, "flower_macro_static_854x480.mp4"), dir.path);
      const plan = planFor(clip, "opaque", "unseen-88");
      const [r] = await runMarkCase(clip, plan, dir.path, ["smartfill"]);
      expect(r?.psnrIn).toBeGreaterThan(23.9);
    },
    TIMEOUT,
  );

  test(
    "soft logo over a parking lot where cars pass beneath part of it: its disc not taken for a far more opaque part (>= 32 dB)",
    async () => {
      // The edge of the cars' path crosses the disc of the logo's other colour (seed unseen-53),
      // where lightness barely steps: the changes beneath, falling steeply across that edge,
      // were taken for a disc nearly twice as opaque as the rest (gain 3.6 against 1.8 to 2.4,
      // true 1.8 throughout: 30.66 dB). Now 2.7 against 1.6 to 2.1: 32.77.
      const r = await measure(
        "parking_lot_topdown_static_640x360.mp4",
        "logo",
        undefined,
        "unseen-53",
      );
      expect(r.smartfill.psnrIn).toBeGreaterThanOrEqual(32);
      expect(r.smartfill.psnrOut).toBeGreaterThanOrEqual(r.none.psnrOut - 0.3);
    },
    TIMEOUT,
  );
});
