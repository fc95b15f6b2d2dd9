/** A small luma window for unit tests: a 12x8 region in a 24x16 window, the rest its margin. */
import type { PlaneWindow } from "../src/smartfill/mark-window";

export const WIDTH = 24;
export const HEIGHT = 16;
/** The region: x in [6, 18), y in [4, 12); the rest is the margin. */
export const inside = Uint8Array.from({ length: WIDTH * HEIGHT }, (_, i) => {
  const x = i % WIDTH;
  const y = Math.floor(i / WIDTH);
  return x >= 6 && x < 18 && y >= 4 && y < 12 ? 1 : 0;
});
const plane = { offset: 0, width: WIDTH, height: HEIGHT, shift: 0 } as const;
export const window: PlaneWindow = { plane, x0: 0, y0: 0, width: WIDTH, height: HEIGHT, inside };
export const at = (x: number, y: number) => y * WIDTH + x;
