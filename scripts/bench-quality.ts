/**
 * Quality benchmark of the watermark-removal methods: composites marks of known shape and opacity
 * onto the clean clips (seeded, so every run is the same), runs smartfill and delogo on them, and
 * measures the result against the clean clip re-encoded with the same settings.
 * Run from the repository root: `bun scripts/bench-quality.ts [--clips N] [--kinds text,logo]
 * [--match NAME] [--seed NAME]` (only the clips whose file name contains NAME; marks placed
 * from another seed: the same kinds in other places, sizes and opacities).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { MEDIA_DIR } from "../packages/engine/test/clips";
import { runFfmpeg, timed } from "../packages/engine/test/quality/ffmpeg";
import {
  type CaseMethod,
  type CaseResult,
  planFor,
  prepareClip,
  runMarkCase,
} from "../packages/engine/test/quality/mark-case";
import { MARK_KINDS, type MarkKind } from "../packages/engine/test/quality/marks";
import { printTable as printRows } from "./table";

const DEFAULT_SEED = "bench-quality-v1";
const ROWS: readonly CaseMethod[] = ["none", "delogo", "smartfill"];

type Result = CaseResult & { clip: string; kind: MarkKind; speed: number | null };

/** The word after `name` on the command line ("" when nothing follows), or null without it. */
function optionValue(argv: string[], name: string): string | null {
  const index = argv.indexOf(name);
  return index === -1 ? null : (argv[index + 1] ?? "");
}

function parseClips(argv: string[]): number | null {
  const option = optionValue(argv, "--clips");
  if (option === null) return null;
  const value = Number(option);
  if (!Number.isInteger(value) || value < 1)
    throw new Error("--clips needs a positive whole number");
  return value;
}

function parseKinds(argv: string[]): readonly MarkKind[] {
  const option = optionValue(argv, "--kinds");
  if (option === null) return MARK_KINDS;
  const names = option.split(",");
  const unknown = names.filter((name) => !(MARK_KINDS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`--kinds takes a comma-separated list of: ${MARK_KINDS.join(", ")}`);
  return names as MarkKind[];
}

async function loadClips(limit: number | null, match: string | null): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(MEDIA_DIR, "..", "manifest.json"), "utf8")) as {
    file: string;
  }[];
  const files = manifest
    .map((entry) => join(MEDIA_DIR, "..", entry.file))
    .filter((file) => match === null || basename(file).includes(match));
  return limit === null ? files : files.slice(0, limit);
}

async function benchClip(
  path: string,
  dir: string,
  kinds: readonly MarkKind[],
  seed: string,
): Promise<Result[]> {
  const clip = await prepareClip(path, dir);
  // The speed yardstick, once per clip: `ffmpeg -i IN -c:v libx264 -crf 18 OUT` (preset medium).
  const plainOut = join(dir, `${clip.name}-plain.mp4`);
  const plainSeconds = await timed(() =>
    runFfmpeg(["-i", path, "-c:v", "libx264", "-crf", "18", plainOut]),
  );
  await rm(plainOut, { force: true });
  const results: Result[] = [];
  for (const kind of kinds) {
    const plan = planFor(clip, kind, seed);
    for (const result of await runMarkCase(clip, plan, dir, ROWS)) {
      const speed = result.method === "none" ? null : plainSeconds / result.seconds;
      results.push({ ...result, clip: clip.name, kind, speed });
      if (result.framesOut !== result.framesRef) {
        console.error(
          `  warning: ${result.method} has ${result.framesOut} frames, reference ${result.framesRef}`,
        );
      }
      console.error(
        `  ${clip.name} ${kind} (opacity ${plan.opacity.toFixed(2)}) ${result.method}: ` +
          `in ${result.psnrIn.toFixed(2)} dB, out ${result.psnrOut.toFixed(2)} dB, ` +
          `spared ${result.psnrSpared.toFixed(2)} dB, ` +
          `ssim ${result.ssimIn.toFixed(3)}, flicker ${result.flicker.toFixed(2)}, ` +
          `${result.seconds.toFixed(1)} s`,
      );
    }
  }
  await rm(clip.reference, { force: true });
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

/** What smart fill must never do worse than, per kind of mark (issue targets). */
const FLOORS: Record<MarkKind, { method: CaseMethod; slack: number }> = {
  text: { method: "delogo", slack: 0 },
  logo: { method: "none", slack: 0.5 },
  opaque: { method: "delogo", slack: 0.5 },
  jumping: { method: "delogo", slack: 0 },
};

/** Worst margins from which a target is met: against the floor, and outside the boxes. */
const FLOOR_MET = 0;
const OUTSIDE_MET = -0.3;

/** The smallest, over clips, of a margin of smart fill's, and the clip it was found on. */
type Worst = { margin: number; clip: string };

/**
 * The smallest, over clips, of smart fill's `metric` minus `method`'s on the same clip, less
 * `slack`.
 */
function worstAgainst(
  results: Result[],
  kind: MarkKind,
  { method, slack }: { method: CaseMethod; slack: number },
  metric: (result: Result) => number,
): Worst {
  let worst: Worst = { margin: Number.POSITIVE_INFINITY, clip: "-" };
  for (const row of results.filter((r) => r.kind === kind && r.method === "smartfill")) {
    const base = results.find((r) => r.kind === kind && r.clip === row.clip && r.method === method);
    if (!base) continue;
    const margin = metric(row) - (metric(base) - slack);
    if (margin < worst.margin) worst = { margin, clip: row.clip };
  }
  return worst;
}

/** The margin and, where it fails (under `least`), the clip: the case to look at first. */
function formatWorst({ margin, clip }: Worst, least: number): string {
  return margin < least ? `${margin.toFixed(2)} (${clip})` : margin.toFixed(2);
}

/** Smart fill's PSNR inside against its floor (>= FLOOR_MET is met). */
const worstMargin = (results: Result[], kind: MarkKind) =>
  worstAgainst(results, kind, FLOORS[kind], (r) => r.psnrIn);

/** Smart fill's PSNR outside against the plain re-encode's (>= OUTSIDE_MET is met). */
const worstOutside = (results: Result[], kind: MarkKind) =>
  worstAgainst(results, kind, { method: "none", slack: 0 }, (r) => r.psnrOut);

/** Median speed of smart fill against the plain transcode on the 720p clips. */
function speedOn720p(results: Result[], kinds: readonly MarkKind[]): string {
  const speeds = results
    .filter(
      (r) => r.method === "smartfill" && kinds.includes(r.kind) && r.clip.endsWith("1280x720"),
    )
    .flatMap((r) => (r.speed === null ? [] : [r.speed]));
  return speeds.length ? median(speeds).toFixed(2) : "-";
}

function printTable(results: Result[], clips: number): void {
  const header = [
    "kind",
    "method",
    "PSNR in",
    "PSNR out",
    "spared",
    "SSIM in",
    "flicker",
    "x plain",
    "worst vs floor",
    "worst out",
  ];
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
        of((r) => r.psnrSpared).toFixed(2),
        of((r) => r.ssimIn).toFixed(3),
        of((r) => r.flicker).toFixed(2),
        speeds.length ? median(speeds).toFixed(2) : "-",
        method === "smartfill" ? formatWorst(worstMargin(results, kind), FLOOR_MET) : "-",
        method === "smartfill" ? formatWorst(worstOutside(results, kind), OUTSIDE_MET) : "-",
      ]);
    }
  }
  console.log(
    `Medians over ${clips} clip(s); all metrics on luma (Y) only, against the clean clip`,
  );
  console.log("re-encoded with the engine's settings (libx264 veryfast CRF 18).\n");
  printRows(header, lines);
  console.log(
    `\nSmart fill speed on 720p clips (x plain): all marks ${speedOn720p(results, MARK_KINDS)}, ` +
      `semi-transparent marks ${speedOn720p(results, ["text", "logo", "jumping"])}`,
  );
  console.log(
    "\nPSNR in  = dB inside the mark box(es), frames where the mark is present (higher is better)" +
      "\nPSNR out = dB outside the boxes whose mark shows in that frame, every frame (how much the" +
      "\n           rest is disturbed; a box whose mark is absent at that moment counts as outside)" +
      "\nspared   = dB on the pixels of the box(es) more than 2 from the mark, frames where it is" +
      "\n           present: the picture the mark spares, which none (the input) keeps best" +
      "\nSSIM in  = mean 8x8-window (stride 4) luma SSIM inside the box(es)" +
      "\nflicker  = mean |frame - previous frame| inside the box, output minus reference (0 is ideal)" +
      "\nx plain  = fps / fps of `ffmpeg -i CLIP -c:v libx264 -crf 18 OUT` (once per clip)" +
      "\nnone     = the marked input re-encoded plainly: the score of doing nothing" +
      "\nworst vs floor = min over clips of smart fill minus its floor (text, jumping: delogo;" +
      "\n           logo: none - 0.5 dB; opaque: delogo - 0.5 dB); >= 0 means never worse; the" +
      "\n           clip is named where a margin falls short" +
      "\nworst out = min over clips of smart fill's PSNR out minus the plain re-encode's (none);" +
      "\n           >= -0.3 means the rest of the picture is left as a re-encode leaves it",
  );
}

const argv = process.argv.slice(2);
const limit = parseClips(argv);
const kinds = parseKinds(argv);
const match = optionValue(argv, "--match");
const seed = optionValue(argv, "--seed") || DEFAULT_SEED;
const clips = await loadClips(limit, match);
const dir = await mkdtemp(join(tmpdir(), "engine-bench-quality-"));
try {
  const results: Result[] = [];
  for (const clip of clips) {
    console.error(`measuring ${basename(clip)} ...`);
    results.push(...(await benchClip(clip, dir, kinds, seed)));
  }
  console.log(`Marks placed from seed "${seed}".`);
  printTable(results, clips.length);
} finally {
  await rm(dir, { recursive: true, force: true });
}
