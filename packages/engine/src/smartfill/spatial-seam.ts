/**
 * Where neither pass of an opaque mark's fill found the picture beneath it, a frame keeps the
 * forward pass's spatial fill (fill-record.ts). That fill was made to meet the frame around the
 * hole, not the carried pixels beside it, which show the real picture: along their edge the two
 * differ by as much as the spatial fill misses it. That mismatch is spread over the spatially
 * filled pixels as a membrane, so they meet the carried ones without a seam and keep their own
 * detail; where they meet the frame, nothing changes.
 *
 * On the bench seed's opaque logos: a bee 27.63 dB -> 28.42, a vertical handheld flower 21.60 ->
 * 21.96, a butterfly on its thistle 25.05 -> 25.35, a close-up face 20.95 -> 21.19, a handheld
 * flower 25.84 -> 26.01; a dashcam 32.19 -> 32.09 and a still parking lot 41.03 -> 40.95; where
 * the camera holds still nothing is carried, and nothing changes (a webcam's 24.08). The
 * spatially filled pixels relaxed between the carried ones and the frame instead (their own
 * fill dropped) scored lower on the vertical flower (21.36) and flickered more.
 */
import { membrane, relaxMembrane } from "./membrane";

/**
 * Sweeps of the membrane per frame, warm-started from the last frame's: the set of carried
 * pixels changes little from one frame to the next. On the bee's logo (231 x 167), 20 sweeps
 * scored 28.36 dB, 40 28.42, 80 28.47.
 */
const SWEEPS = 40;

/**
 * Brings a plane's window `values` on the filled pixels no pass found (`found` 0, per filled
 * pixel in scan order) to meet those found.
 */
export type SpatialSeam = (values: Float32Array, found: Uint8Array) => void;

/** The seam of a plane's window `width` x `height` whose filled pixels are `pixels`. */
export function createSpatialSeam(width: number, height: number, pixels: Int32Array): SpatialSeam {
  /** The membrane added last frame, on its spatially filled pixels (0 elsewhere). */
  const seam = new Float32Array(width * height);
  const work = new Float32Array(width * height);
  const carried = new Uint8Array(width * height);
  /**
   * Per carried pixel next to spatially filled ones, how many: its mismatch with each is summed
   * in `work`, then averaged.
   */
  const count = new Uint8Array(width * height);
  return (values, found) => {
    const spatial: number[] = [];
    for (let k = 0; k < pixels.length; k++) {
      const i = pixels[k] as number;
      carried[i] = found[k] === 0 ? 0 : 1;
      if (found[k] === 0) spatial.push(i);
    }
    if (spatial.length === 0 || spatial.length === pixels.length) {
      seam.fill(0);
      return;
    }
    const problem = membrane(width, height, Int32Array.from(spatial));
    const { neighbours } = problem;
    work.set(seam);
    // The boundary: each carried neighbour takes its mismatch with the spatial fill beside it.
    for (let k = 0; k < spatial.length; k++) {
      for (let side = 0; side < 4; side++) {
        const n = neighbours[4 * k + side] as number;
        if (n < 0 || !carried[n]) continue;
        if (count[n] === 0) work[n] = 0;
        work[n] =
          (work[n] as number) + (values[n] as number) - (values[spatial[k] as number] as number);
        count[n] = (count[n] as number) + 1;
      }
    }
    for (let k = 0; k < neighbours.length; k++) {
      const n = neighbours[k] as number;
      if (n < 0 || count[n] === 0) continue;
      work[n] = (work[n] as number) / (count[n] as number);
      count[n] = 0;
    }
    relaxMembrane(work, problem, SWEEPS);
    seam.fill(0);
    for (const i of spatial) {
      const shift = work[i] as number;
      seam[i] = shift;
      values[i] = (values[i] as number) + shift;
    }
  };
}
