import type { Border, PlaneView, Side } from "./border";
import type { Box } from "./yuv-layout";

/** Used only when a box covers its whole plane and no pixel around it is known. */
const NEUTRAL = 128;

/**
 * Fills a box by transfinite (Coons patch) interpolation of its four border curves: the
 * vertical blend of top and bottom plus the horizontal blend of left and right, minus the
 * bilinear blend of the corners. Each curve sits `distance` pixels outside the box, which sets
 * where u and v are 0 and 1, so a linear ramp across the box is rebuilt exactly.
 * A side on the plane's edge borrows the opposite side; with both of a pair missing the fill
 * is the linear blend of the other pair.
 */
export function fillCoonsPatch(plane: PlaneView, box: Box, border: Border): void {
  const top = border.top ?? border.bottom;
  const bottom = border.bottom ?? border.top;
  const left = border.left ?? border.right;
  const right = border.right ?? border.left;
  const columns = box.x1 - box.x0;
  const rows = box.y1 - box.y0;
  const us = parameters(columns, left, right);
  const vs = parameters(rows, top, bottom);
  const full =
    top && bottom && left && right ? cornerValues(border, { top, bottom, left, right }) : null;

  for (let j = 0; j < rows; j++) {
    const v = vs[j] ?? 0;
    const row = (box.y0 + j) * plane.width + box.x0;
    for (let i = 0; i < columns; i++) {
      const u = us[i] ?? 0;
      const across = top && bottom ? (1 - v) * at(top, i) + v * at(bottom, i) : 0;
      const along = left && right ? (1 - u) * at(left, j) + u * at(right, j) : 0;
      let value = NEUTRAL;
      if (full) {
        const corners =
          (1 - u) * (1 - v) * full.topLeft +
          u * (1 - v) * full.topRight +
          (1 - u) * v * full.bottomLeft +
          u * v * full.bottomRight;
        value = across + along - corners;
      } else if (top && bottom) value = across;
      else if (left && right) value = along;
      plane.pixels[row + i] = clampByte(value);
    }
  }
}

/** Where each pixel of a span of `length` lies between the two curves, as 0..1. */
function parameters(length: number, before: Side | null, after: Side | null): Float32Array {
  const start = before?.distance ?? 1;
  const span = length - 1 + start + (after?.distance ?? 1);
  const result = new Float32Array(length);
  for (let k = 0; k < length; k++) result[k] = (k + start) / span;
  return result;
}

type FourSides = { top: Side; bottom: Side; left: Side; right: Side };
type CornerValues = { topLeft: number; topRight: number; bottomLeft: number; bottomRight: number };

/**
 * Measured corners where the sides are real; where a side was borrowed (or a corner is off
 * the plane) the corner is the mean of the two curve ends meeting there.
 */
function cornerValues(border: Border, sides: FourSides): CornerValues {
  const real = (corner: number | null, ...present: Array<Side | null>) =>
    present.every((s) => s !== null) ? corner : null;
  const { top, bottom, left, right } = sides;
  const c = border.corners;
  return {
    topLeft: real(c.topLeft, border.top, border.left) ?? mean(first(top), first(left)),
    topRight: real(c.topRight, border.top, border.right) ?? mean(last(top), first(right)),
    bottomLeft: real(c.bottomLeft, border.bottom, border.left) ?? mean(first(bottom), last(left)),
    bottomRight:
      real(c.bottomRight, border.bottom, border.right) ?? mean(last(bottom), last(right)),
  };
}

function at(side: Side, index: number): number {
  return side.values[index] ?? 0;
}

function first(side: Side): number {
  return side.values[0] ?? 0;
}

function last(side: Side): number {
  return side.values[side.values.length - 1] ?? 0;
}

function mean(a: number, b: number): number {
  return (a + b) / 2;
}

function clampByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}
