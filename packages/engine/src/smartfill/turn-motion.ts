/**
 * A motion turned back: the camera's motion from a frame to the one before it (ring-motion.ts)
 * becomes the motion from that earlier frame to the later one, which a backward pass follows.
 * The affine part is inverted exactly; the field's shift at a point is the forward shift where
 * the point came from, turned by the inverse linear part and negated, which is exact up to how
 * much the field changes over its own shift (a fraction of a pixel over a cell of 16).
 */
import { fieldShift } from "./pixel-warp";
import type { Motion, MotionField } from "./ring-motion";

/** Passes of the fixed point that finds where a point came from, through the field. */
const PASSES = 2;

/**
 * The motion that maps a pixel of the previous frame to where it is in the current one, from
 * `motion` (current to previous) fitted on an image `width` x `height`; null stays null (lost).
 */
export function turnMotion(motion: Motion | null, width: number, height: number): Motion | null {
  if (!motion) return null;
  const a = 1 + motion.xx;
  const b = motion.xy;
  const c = motion.yx;
  const d = 1 + motion.yy;
  const det = a * d - b * c;
  // The inverse of the linear part [[a, b], [c, d]].
  const ia = d / det;
  const ib = -b / det;
  const ic = -c / det;
  const id = a / det;
  const turned: Motion = {
    tx: -(ia * motion.tx + ib * motion.ty),
    ty: -(ic * motion.tx + id * motion.ty),
    xx: ia - 1,
    xy: ib,
    yx: ic,
    yy: id - 1,
    light: -motion.light,
  };
  const { field } = motion;
  if (!field) return turned;
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const du = new Float32Array(field.du.length);
  const dv = new Float32Array(field.dv.length);
  const shift = { u: 0, v: 0 };
  for (let gy = 0; gy < field.height; gy++) {
    for (let gx = 0; gx < field.width; gx++) {
      // A cell's centre p in the previous frame; x in the current one, where p came from,
      // solves p = x + t + A (x - centre) + field(x).
      const px = (gx + 0.5) * field.cell;
      const py = (gy + 0.5) * field.cell;
      shift.u = 0;
      shift.v = 0;
      let x = px;
      let y = py;
      for (let pass = 0; pass < PASSES; pass++) {
        const rx = px - cx - motion.tx - shift.u;
        const ry = py - cy - motion.ty - shift.v;
        x = cx + ia * rx + ib * ry;
        y = cy + ic * rx + id * ry;
        fieldShift(field, x, y, shift);
      }
      const k = gy * field.width + gx;
      du[k] = -(ia * shift.u + ib * shift.v);
      dv[k] = -(ic * shift.u + id * shift.v);
    }
  }
  const turnedField: MotionField = { ...field, du, dv };
  return { ...turned, field: turnedField };
}
