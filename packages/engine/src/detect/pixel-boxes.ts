/** A half-open box [x0, x1) x [y0, y1) in working pixels, with how many marked pixels it holds. */
export type PixelBox = { x0: number; y0: number; x1: number; y1: number; count: number };

/**
 * The 8-connected parts of `group`, each as the box of the `core` pixels inside it (parts
 * without any core pixel are left out).
 */
export function componentBoxes(
  group: Uint8Array,
  core: Uint8Array,
  width: number,
  height: number,
): PixelBox[] {
  const seen = new Uint8Array(group.length);
  const stack = new Int32Array(group.length);
  const boxes: PixelBox[] = [];
  for (let start = 0; start < group.length; start++) {
    if (!group[start] || seen[start]) continue;
    const box = { x0: width, y0: height, x1: 0, y1: 0, count: 0 };
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const i = stack[--top] as number;
      const x = i % width;
      const y = (i - x) / width;
      if (core[i]) {
        box.count++;
        if (x < box.x0) box.x0 = x;
        if (y < box.y0) box.y0 = y;
        if (x + 1 > box.x1) box.x1 = x + 1;
        if (y + 1 > box.y1) box.y1 = y + 1;
      }
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (group[j] && !seen[j]) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    if (box.count > 0) boxes.push(box);
  }
  return boxes;
}

/** The share of `mask` pixels in a band `thickness` wide around `box`, inside the frame. */
export function ringShare(
  mask: Uint8Array,
  width: number,
  height: number,
  box: PixelBox,
  thickness: number,
): number {
  const x0 = Math.max(0, box.x0 - thickness);
  const y0 = Math.max(0, box.y0 - thickness);
  const x1 = Math.min(width, box.x1 + thickness);
  const y1 = Math.min(height, box.y1 + thickness);
  let total = 0;
  let set = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1) continue;
      total++;
      set += mask[y * width + x] as number;
    }
  }
  return total === 0 ? 0 : set / total;
}

/** The share of `mask` pixels inside `box`. */
export function boxShare(mask: Uint8Array, width: number, box: PixelBox): number {
  let set = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) set += mask[y * width + x] as number;
  }
  return set / Math.max(1, (box.x1 - box.x0) * (box.y1 - box.y0));
}

const area = (box: PixelBox) => (box.x1 - box.x0) * (box.y1 - box.y0);

function intersection(a: PixelBox, b: PixelBox): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w <= 0 || h <= 0 ? 0 : w * h;
}

export function intersectionOverUnion(a: PixelBox, b: PixelBox): number {
  const shared = intersection(a, b);
  return shared === 0 ? 0 : shared / (area(a) + area(b) - shared);
}

/** How much of the smaller box lies in the other. */
export function overlapOfSmaller(a: PixelBox, b: PixelBox): number {
  const shared = intersection(a, b);
  return shared === 0 ? 0 : shared / Math.min(area(a), area(b));
}
