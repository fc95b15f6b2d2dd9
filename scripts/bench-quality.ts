/**
 * Quality benchmark of the watermark-removal methods: composites marks of known shape and opacity
 * onto the clean clips (seeded, so every run is the same), runs smartfill and delogo on them, and
 * measures the result against the clean clip re-encoded with the same settings.
 * Run from the repository root: `bun scripts/bench-quality.ts [--clips N]`.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { MediaInfo, Method, Rectangle } from "../packages/contracts/src/index";
import { probeMedia, processVideo } from "../packages/engine/src/index";
import { MEDIA_DIR } from "../packages/engine/test/clips";
import { compositeMarks, encodePlain, runFfmpeg, timed } from "./quality/ffmpeg";
import { MARK_KINDS, type MarkBox, type MarkKind, planMark } from "./quality/marks";
import { measureQuality, type Quality } from "./quality/metrics";
import { createRng, seedFrom } from "./quality/prng";
import { printTable as printRows } from "./table";

const LIMITS = { maxDimension: 3840, maxDurationS: 600, maxFps: 120, timeoutMs: 30_000 };
const TIMEOUT_MS = 10 * 60_000;
const SEED = "bench-quality-v1";
const ROWS = ["none", "delogo", "smartfill"] as const;
type RowMethod = (typeof ROWS)[number];

type Result = Quality & { clip: string; kind: MarkKind; method: RowMethod; speed: number | null };

function parseClips(argv: string[]): number | null {
  const index = argv.indexOf("--clips");
  if (index === -1) return null;
  const value = Number(argv[index + 1]);
  if (!Number.isInteger(value) || value < 1)
    throw new Error("--clips needs a positive whole number");
  return value;
}

async function loadClips(limit: number | null): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(MEDIA_DIR, "..", "manifest.json"), "utf8")) as {
    file: string;
  }[];
  const files = manifest.map((entry) => join(MEDIA_DIR, "..", entry.file));
  return limit === null ? files : files.slice(0, limit);
}

function rectangles(boxes: MarkBox[], method: Method): Rectangle[] {
  return boxes.map((box) => {
    const rectangle: Rectangle = { x: box.x, y: box.y, width: box.width, height: box.height };
    // delogo honours time ranges; smartfill works on the whole video.
    if (method === "delogo") {
      if (box.startTime !== undefined) rectangle.startTime = box.startTime;
      if (box.endTime !== undefined) rectangle.endTime = box.endTime;
    }
    return rectangle;
  });
}

async function benchClip(path: string, dir: string): Promise<Result[]> {
  const clip = basename(path, ".mp4");
  const media: MediaInfo = await probeMedia(path, LIMITS);
  const size = { width: media.width, height: media.height };
  const shape = { ...size, frames: media.frameCount, fps: media.fps };
  const reference = join(dir, `${clip}-reference.mp4`);
  await encodePlain(path, reference);
  const results: Result[] = [];
  let plainSeconds: number | null = null;
  for (const kind of MARK_KINDS) {
    const plan = planMark(kind, shape, createRng(seedFrom(`${SEED}/${clip}/${kind}`)));
    const marked = join(dir, `${clip}-${kind}-marked.mp4`);
    await compositeMarks(path, plan, dir, marked);
    if (plainSeconds === null) {
      // Once per clip: the speed yardstick, `ffmpeg -i IN -c:v libx264 -crf 18 OUT` of a marked input.
      const plainOut = join(dir, `${clip}-plain.mp4`);
      plainSeconds = await timed(() =>
        runFfmpeg(["-i", marked, "-c:v", "libx264", "-crf", "18", plainOut]),
      );
      await rm(plainOut, { force: true });
    }
    for (const method of ROWS) {
      const output = join(dir, `${clip}-${kind}-${method}.mp4`);
      const seconds = await timed(() =>
        method === "none"
          ? encodePlain(marked, output)
          : processVideo({
              inputPath: marked,
              outputPath: output,
              media,
              method,
              rectangles: rectangles(plan.boxes, method),
              timeoutMs: TIMEOUT_MS,
            }),
      );
      const quality = await measureQuality(output, reference, size, plan.boxes);
      if (quality.framesOut !== quality.framesRef) {
        console.error(
          `  warning: ${method} has ${quality.framesOut} frames, reference ${quality.framesRef}`,
        );
      }
      const speed = method === "none" ? null : plainSeconds / seconds;
      results.push({ ...quality, clip, kind, method, speed });
      console.error(
        `  ${clip} ${kind} (opacity ${plan.opacity.toFixed(2)}) ${method}: ` +
          `in ${quality.psnrIn.toFixed(2)} dB, out ${quality.psnrOut.toFixed(2)} dB, ` +
          `ssim ${quality.ssimIn.toFixed(3)}, flicker ${quality.flicker.toFixed(2)}, ${seconds.toFixed(1)} s`,
      );
      await rm(output, { force: true });
    }
    await rm(marked, { force: true });
  }
  await rm(reference, { force: true });
  return results;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function printTable(results: Result[], clips: number): void {
  const header = ["kind", "method", "PSNR in", "PSNR out", "SSIM in", "flicker", "x plain"];
  const lines: string[][] = [];
  for (const kind of MARK_KINDS) {
    for (const method of ROWS) {
      const rows = results.filter((r) => r.kind === kind && r.method === method);
      if (rows.length === 0) continue;
      const of = (pick: (r: Result) => number) => median(rows.map(pick));
      const speeds = rows.flatMap((r) => (r.speed === null ? [] : [r.speed]));
      lines.push([
        kind,
        method,
        of((r) => r.psnrIn).toFixed(2),
        of((r) => r.psnrOut).toFixed(2),
        of((r) => r.ssimIn).toFixed(3),
        of((r) => r.flicker).toFixed(2),
        speeds.length ? median(speeds).toFixed(2) : "-",
      ]);
    }
  }
  console.log(
    `Medians over ${clips} clip(s); all metrics on luma (Y) only, against the clean clip`,
  );
  console.log("re-encoded with the engine's settings (libx264 veryfast CRF 18).\n");
  printRows(header, lines);
  console.log(
    "\nPSNR in  = dB inside the mark box(es), frames where the mark is present (higher is better)" +
      "\nPSNR out = dB outside all boxes, every frame (how much the rest is disturbed)" +
      "\nSSIM in  = mean 8x8-window (stride 4) luma SSIM inside the box(es)" +
      "\nflicker  = mean |frame - previous frame| inside the box, output minus reference (0 is ideal)" +
      "\nx plain  = fps / fps of `ffmpeg -i MARKED -c:v libx264 -crf 18 OUT` (once per clip)" +
      "\nnone     = the marked input re-encoded plainly: the score of doing nothing",
  );
}

const limit = parseClips(process.argv.slice(2));
const clips = await loadClips(limit);
const dir = await mkdtemp(join(tmpdir(), "engine-bench-quality-"));
try {
  const results: Result[] = [];
  for (const clip of clips) {
    console.error(`measuring ${basename(clip)} ...`);
    results.push(...(await benchClip(clip, dir)));
  }
  printTable(results, clips.length);
} finally {
  await rm(dir, { recursive: true, force: true });
}
