/**
 * Luma quality of a processed video against the clean reference, streamed frame by frame:
 * PSNR inside the mark boxes (frames where the mark shows), PSNR outside the boxes whose mark
 * shows in that frame, 8x8-window SSIM inside, and flicker (frame-to-frame change inside the
 * box, output minus reference).
 */
import { Difference, decodeLumaFrames, type FrameSize, mask, psnr } from "../video-compare";
import type { MarkBox } from "./marks";

export type Quality = {
  psnrIn: number;
  psnrOut: number;
  /** PSNR on the pixels of the shown boxes that their marks spare (see sparedPixels). */
  psnrSpared: number;
  ssimIn: number;
  flicker: number;
  frames: number;
  framesOut: number;
  framesRef: number;
};

const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;
const WINDOW = 8;
const STRIDE = 4;

/** Sum of SSIM over 8x8 windows (stride 4) inside the box, and how many windows. */
function ssimBox(a: Uint8Array, b: Uint8Array, width: number, box: MarkBox): [number, number] {
  let total = 0;
  let windows = 0;
  const n = WINDOW * WINDOW;
  for (let y0 = box.y; y0 + WINDOW <= box.y + box.height; y0 += STRIDE) {
    for (let x0 = box.x; x0 + WINDOW <= box.x + box.width; x0 += STRIDE) {
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      for (let y = y0; y < y0 + WINDOW; y++) {
        const row = y * width;
        for (let x = x0; x < x0 + WINDOW; x++) {
          const va = a[row + x] ?? 0;
          const vb = b[row + x] ?? 0;
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const ma = sa / n;
      const mb = sb / n;
      const va = saa / n - ma * ma;
      const vb = sbb / n - mb * mb;
      const cov = sab / n - ma * mb;
      total += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
      windows++;
    }
  }
  return [total, windows];
}

/** Squared error and mean absolute frame-to-frame change inside the box. */
function boxStats(a: Uint8Array, b: Uint8Array, width: number, box: MarkBox) {
  let squared = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    const row = y * width;
    for (let x = box.x; x < box.x + box.width; x++) {
      const d = (a[row + x] ?? 0) - (b[row + x] ?? 0);
      squared += d * d;
    }
  }
  return { squared, count: box.width * box.height };
}

function meanAbsChange(now: Uint8Array, before: Uint8Array, width: number, box: MarkBox): number {
  let sum = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    const row = y * width;
    for (let x = box.x; x < box.x + box.width; x++)
      sum += Math.abs((now[row + x] ?? 0) - (before[row + x] ?? 0));
  }
  return sum / (box.width * box.height);
}

const present = (box: MarkBox, frame: number) => frame >= box.firstFrame && frame <= box.lastFrame;

/**
 * Per frame, the mask `make` gives for the boxes whose mark shows in it, made once per set of
 * boxes shown.
 */
function byShownBoxes(
  boxes: MarkBox[],
  make: (shown: MarkBox[]) => Uint8Array,
): (frame: number) => Uint8Array {
  const made = new Map<string, Uint8Array>();
  return (frame) => {
    const shown = boxes.filter((box) => present(box, frame));
    const key = shown.map((box) => boxes.indexOf(box)).join(",");
    const known = made.get(key);
    if (known) return known;
    const result = make(shown);
    made.set(key, result);
    return result;
  };
}

export async function measureQuality(
  outputPath: string,
  referencePath: string,
  size: FrameSize,
  boxes: MarkBox[],
  spared: Uint8Array,
): Promise<Quality> {
  // Outside is everywhere but the boxes whose mark shows in that frame: a box whose mark is
  // absent at that moment must be left as it was, and counts as outside.
  const outsideAt = byShownBoxes(boxes, (shown) => mask(size, { exclude: shown }));
  const sparedAt = byShownBoxes(boxes, (shown) =>
    mask(size, { include: shown }).map((set, i) => set & (spared[i] ?? 0)),
  );
  const outsideDiff = new Difference();
  const sparedDiff = new Difference();
  let squaredIn = 0;
  let countIn = 0;
  let ssimSum = 0;
  let ssimWindows = 0;
  let flickerOut = 0;
  let flickerRef = 0;
  let flickerCount = 0;
  const out = decodeLumaFrames(outputPath, size);
  const ref = decodeLumaFrames(referencePath, size);
  let previous: { out: Uint8Array; ref: Uint8Array } | null = null;
  let frame = 0;
  let framesOut = 0;
  let framesRef = 0;
  try {
    while (true) {
      const [a, b] = await Promise.all([out.next(), ref.next()]);
      if (!a.done) framesOut++;
      if (!b.done) framesRef++;
      if (a.done || b.done) {
        if (!a.done) for await (const _ of out) framesOut++;
        if (!b.done) for await (const _ of ref) framesRef++;
        break;
      }
      outsideDiff.add(a.value, b.value, outsideAt(frame));
      sparedDiff.add(a.value, b.value, sparedAt(frame));
      for (const box of boxes) {
        if (!present(box, frame)) continue;
        const stats = boxStats(a.value, b.value, size.width, box);
        squaredIn += stats.squared;
        countIn += stats.count;
        const [sum, windows] = ssimBox(a.value, b.value, size.width, box);
        ssimSum += sum;
        ssimWindows += windows;
        if (previous && present(box, frame - 1)) {
          flickerOut += meanAbsChange(a.value, previous.out, size.width, box);
          flickerRef += meanAbsChange(b.value, previous.ref, size.width, box);
          flickerCount++;
        }
      }
      previous = { out: a.value, ref: b.value };
      frame++;
    }
  } finally {
    await out.return(undefined);
    await ref.return(undefined);
  }
  return {
    psnrIn: psnr(countIn === 0 ? 0 : squaredIn / countIn),
    psnrOut: outsideDiff.psnr,
    psnrSpared: sparedDiff.psnr,
    ssimIn: ssimWindows === 0 ? 1 : ssimSum / ssimWindows,
    flicker: flickerCount === 0 ? 0 : (flickerOut - flickerRef) / flickerCount,
    frames: frame,
    framesOut,
    framesRef,
  };
}
