/**
 * Where neither pass of an opaque mark's fill found the picture beneath it, a frame keeps the
 * forward pass's spatial fill (fill-record.ts). That fill was made to meet the frame around the
 * hole, not the carried pixels beside it, which show the real picture: along their edge the two
 * differ by as much as the spatial fill misses it. That mismatch is spread over the spatially
 * filled pixels as a membrane, so they meet the carried ones without a seam and keep their own
 * detail; where they meet the frame, nothing changes.
 *
 * On the bench seed's opaque logos (SWEEPS below): a bee 27.58 dB -> 28.25, a vertical handheld
 * flower 21.61 -> 22.00, a butterfly on its thistle 25.04 -> 25.25, a close-up face 20.87 ->
 * 20.99, a handheld flower 25.84 -> 26.01; a dashcam 32.23 -> 32.13 and a still parking lot
 * 41.03 -> 40.92; where the camera holds still nothing is carried, and nothing changes (a
 * webcam's 24.08). With the motion change, the median went from 24.57 to 24.67; on the unseen
 * seeds from 27.96 to 28.20 (unseen-10) and 28.58 to 28.70 (unseen-3). The
 * spatially filled pixels relaxed between the carried ones and the frame instead (their own
 * fill dropped) scored lower on the vertical flower (21.36) and flickered more.
 *
 * It trusts the carried pixels' edge: a thin wrong patch carried in from a shaky frame had its
 * mismatch spread into a smudge (a street's sky, seed unseen-11: 30.55 dB against delogo's
 * 31.46) until such a motion was taken as lost (motion-tracker.ts); it scores 31.43 with it.
 */
import { membrane, relaxMembrane } from "./membrane";

/**
 * Sweeps of the membrane per frame, warm-started from the last frame's: the set of carried
 * pixels changes little from one frame to the next. They run on the thread that writes the
 * frames: on a bee clip 40 sweeps took 1.3 s of it over 120 frames, and its smart fill went from
 * 0.70 to 0.64 times a plain re-encode's speed. 10 / 20 / 40 sweeps scored: the bee 28.21 /
 * 28.25 / 28.28 dB, a butterfly on its thistle 25.13 / 25.25 / 25.33, a close-up face 20.89 /
 * 20.99 / 21.05; the flowers the same within 0.01 dB.
 */
const SWEEPS = 20;

/**
 * Brings a plane's window `values` on the filled pixels no pass found (`found` 0, per filled
 * pixel in scan order) to meet those found.
 */
export type SpatialSeam = (values: Float32Array, found: Uint8Array) => void;

/** The seam of a plane's window `width` x `height` whose filled pixels are `pixels`. */
export function createSpatialSeam(width: number, height: number, pixels: Int32Array): SpatialSeam {
  /**
   * The membrane on the spatially filled pixels, and its boundary on the carried ones next to
   * them; kept as the next frame's start (0 off the hole). Dropped when a frame has no seam.
   */
  const seam = new Float32Array(width * height);
  let started = false;
  const carried = new Uint8Array(width * height);
  const spatial = new Int32Array(pixels.length);
  /**
   * Per carried pixel next to spatially filled ones, how many: its mismatch with each is summed
   * in `seam`, then averaged.
   */
  const count = new Uint8Array(width * height);
  return (values, found) => {
    let spatials = 0;
    for (let k = 0; k < pixels.length; k++) {
      const i = pixels[k] as number;
      carried[i] = found[k] === 0 ? 0 : 1;
      if (found[k] === 0) spatial[spatials++] = i;
    }
    if (spatials === 0 || spatials === pixels.length) {
      started = false;
      return;
    }
    const problem = membrane(width, height, spatial.subarray(0, spatials));
    const { pixels: unfound, neighbours } = problem;
    if (!started) for (const i of unfound) seam[i] = 0;
    // The boundary: each carried neighbour takes its mismatch with the spatial fill beside it.
    for (let k = 0; k < spatials; k++) {
      for (let side = 0; side < 4; side++) {
        const n = neighbours[4 * k + side] as number;
        if (n < 0 || !carried[n]) continue;
        if (count[n] === 0) seam[n] = 0;
        seam[n] =
          (seam[n] as number) + (values[n] as number) - (values[unfound[k] as number] as number);
        count[n] = (count[n] as number) + 1;
      }
    }
    for (let k = 0; k < neighbours.length; k++) {
      const n = neighbours[k] as number;
      if (n < 0 || count[n] === 0) continue;
      seam[n] = (seam[n] as number) / (count[n] as number);
      count[n] = 0;
    }
    relaxMembrane(seam, problem, SWEEPS);
    started = true;
    for (const i of unfound) values[i] = (values[i] as number) + (seam[i] as number);
  };
}
