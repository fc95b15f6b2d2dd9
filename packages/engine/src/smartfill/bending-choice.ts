/**
 * Whether a hole is better filled by the thin-plate fill than by the membrane and directional
 * fills' mean, judged on a frame by holding out a band around it: both fill the hole grown by
 * the band from beyond it, and the band, known, tells which came closer. The thin plate
 * continues the picture's slopes, which wins on a blurred background and loses on texture,
 * where the slopes do not carry on.
 */
import { dilate, setPixels } from "../pixel-masks";
import { BENDING_BUDGET, bendingFill, solveBending } from "./bending-fill";
import { directionalTaps, fillDirectional, meanWithDirectional } from "./directional-fill";
import { membrane, relaxMembrane } from "./membrane";

/**
 * Width of the band held out around the hole (grown by 2, as the thin plate fills it). Where
 * the hole reaches its box, the band ends at the window's outermost line, which is held.
 */
const HELD_OUT = 8;
/** Sweeps of the held-out membrane fill, from the band's mean: enough to settle it. */
const SWEEPS = 3000;
/**
 * How much smaller the thin plate's error over the band must be than the mean's. Over seven
 * seeds' opaque logos, a macro flower held still came under it on three seeds of five measured
 * (0.83 to 0.91; its fill then gained 0.3 to 1.4 dB) and at 0.92 and 0.99 on two; faces came
 * out at 0.97 to 1.16 and a webcam's room at 1.03 (they lost up to 1.2 dB with it), a
 * butterfly's thistle and a dashcam's road at 1.4 to 3.8.
 */
const CLOSER = 0.92;

/** Whether the thin plate fills the `fill` pixels of `values` (a window `width` x `height`) better. */
export function prefersBending(
  values: Float32Array,
  fill: Uint8Array,
  width: number,
  height: number,
): boolean {
  const hole = dilate(fill, width, height, 2);
  const grown = dilate(fill, width, height, 2 + HELD_OUT);
  const bending = bendingFill(grown, width, height, BENDING_BUDGET);
  if (!bending) return false;
  const bent = solveBending(values, bending);
  // The grown hole as solved: without the window's outermost line, held known.
  const unknown = Uint8Array.from(bending.place, (place) => (place >= 0 ? 1 : 0));
  const pixels = setPixels(unknown);
  const nearest = fillDirectional(values, directionalTaps(width, height, unknown));
  const smooth = Float32Array.from(values);
  const edge = dilate(grown, width, height, 1);
  let sum = 0;
  let count = 0;
  edge.forEach((set, i) => {
    if (set && !grown[i]) {
      sum += values[i] as number;
      count++;
    }
  });
  for (const i of pixels) smooth[i] = sum / Math.max(1, count);
  relaxMembrane(smooth, membrane(width, height, pixels), SWEEPS);
  const mean = meanWithDirectional(smooth, pixels, nearest);
  let bentError = 0;
  let meanError = 0;
  pixels.forEach((i, k) => {
    if (hole[i]) return;
    const truth = values[i] as number;
    bentError += ((bent[bending.place[i] as number] as number) - truth) ** 2;
    meanError += ((mean[k] as number) - truth) ** 2;
  });
  return bentError < CLOSER * CLOSER * meanError;
}
