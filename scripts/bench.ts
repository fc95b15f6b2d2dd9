/**
 * Engine benchmark: wall time of processVideo for every method on two real clips, against a
 * plain libx264 transcode of the same clip in the same run (best of two); then the encoder
 * pool's throughput in videos per minute with one and with two encoder processes; between
 * them, watermark detection's time per clip and its precision and recall (bench-detect.ts).
 * Run from the repository root: `bun scripts/bench.ts`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import {
  METHODS,
  type MediaInfo,
  type Method,
  type Rectangle,
} from "../packages/contracts/src/index";
import { probeMedia, processVideo } from "../packages/engine/src/index";
import { MEDIA_DIR } from "../packages/engine/test/clips";
import { runFfmpeg, timed } from "../packages/engine/test/quality/ffmpeg";
import { benchDetect } from "./bench-detect";
import { benchPool } from "./bench-pool";
import { printTable as printRows } from "./table";

const CLIPS = ["street_driving_autumn_1920x1080.mp4", "bee_takeoff_fast_audio_1280x720.mp4"];
const LIMITS = { maxDimension: 3840, maxDurationS: 600, maxFps: 120, timeoutMs: 30_000 };
const TIMEOUT_MS = 10 * 60_000;
const BASELINE_RUNS = 2;

/** The command the brief names (libx264's default preset, medium) and our own preset. */
const BASELINES = {
  plain: ["-c:v", "libx264", "-crf", "18"],
  veryfast: ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18"],
};

type Row = { clip: string; method: string; frames: number; seconds: number };

/** Two marks like a typical watermark: a logo top-left all along, a caption bottom-right for 1 s. */
function rectangles(media: MediaInfo): Rectangle[] {
  const even = (value: number) => Math.round(value / 2) * 2;
  const { width: w, height: h } = media;
  return [
    { x: even(w * 0.05), y: even(h * 0.05), width: even(w * 0.16), height: even(h * 0.1) },
    {
      x: even(w * 0.7),
      y: even(h * 0.8),
      width: even(w * 0.2),
      height: even(h * 0.12),
      startTime: 0.5,
      endTime: 1.5,
    },
  ];
}

async function bestOf(runs: number, work: () => Promise<void>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) best = Math.min(best, await timed(work));
  return best;
}

async function benchClip(path: string, dir: string): Promise<Row[]> {
  const clip = basename(path, ".mp4");
  const media = await probeMedia(path, LIMITS);
  const rows: Row[] = [];
  for (const [name, codecArgs] of Object.entries(BASELINES)) {
    const output = join(dir, `${clip}-${name}.mp4`);
    const seconds = await bestOf(BASELINE_RUNS, () =>
      runFfmpeg(["-i", path, ...codecArgs, output]),
    );
    rows.push({ clip, method: `(${name} transcode)`, frames: media.frameCount, seconds });
  }
  for (const method of METHODS as readonly Method[]) {
    const outputPath = join(dir, `${clip}-${method}.mp4`);
    const seconds = await timed(() =>
      processVideo({
        inputPath: path,
        outputPath,
        media,
        method,
        rectangles: rectangles(media),
        timeoutMs: TIMEOUT_MS,
      }),
    );
    rows.push({ clip, method, frames: media.frameCount, seconds });
  }
  return rows;
}

function printTable(rows: Row[]): void {
  const fps = (row: Row) => row.frames / row.seconds;
  const baseline = (clip: string, name: string) =>
    rows.find((row) => row.clip === clip && row.method === `(${name} transcode)`);
  const header = ["clip", "method", "frames", "seconds", "fps", "x plain", "x veryfast"];
  const lines = rows.map((row) => {
    const plain = baseline(row.clip, "plain");
    const veryfast = baseline(row.clip, "veryfast");
    return [
      row.clip,
      row.method,
      String(row.frames),
      row.seconds.toFixed(2),
      fps(row).toFixed(1),
      plain ? (fps(row) / fps(plain)).toFixed(2) : "",
      veryfast ? (fps(row) / fps(veryfast)).toFixed(2) : "",
    ];
  });
  printRows(header, lines);
  console.log(
    "\nx plain = fps / fps of `ffmpeg -i IN -c:v libx264 -crf 18 OUT` (preset medium);" +
      "\nx veryfast = the same with -preset veryfast, the preset the engine uses.",
  );
}

const dir = await mkdtemp(join(tmpdir(), "engine-bench-"));
try {
  const rows: Row[] = [];
  for (const clip of CLIPS) {
    console.error(`benchmarking ${clip} ...`);
    rows.push(...(await benchClip(join(MEDIA_DIR, clip), dir)));
  }
  printTable(rows);
  await benchDetect(dir);
  await benchPool(
    CLIPS.map((clip) => join(MEDIA_DIR, clip)),
    rectangles,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
