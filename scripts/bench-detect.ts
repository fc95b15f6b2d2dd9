/**
 * Watermark detection benchmark: seconds per clip against a plain decode of the same clip, a
 * one-minute 1080p video, and precision and recall over marks of every kind burnt into every
 * shared clip (seeded, so every run is the same).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { MEDIA_DIR, STATIC_CAMERA_CLIPS } from "../packages/engine/test/clips";
import { detectIn, detectMark, matchMarks } from "../packages/engine/test/quality/detect-case";
import { runFfmpeg, timed } from "../packages/engine/test/quality/ffmpeg";
import { MARK_KINDS, type MarkKind } from "../packages/engine/test/quality/marks";
import { printTable } from "./table";

const SEED = "bench-detect-v1";
const MINUTE_LOOPS = 27;

/** Decoding every frame and throwing it away: the least any look at the whole video costs. */
const decodeSeconds = (path: string) =>
  timed(() => runFfmpeg(["-i", path, "-map", "0:v:0", "-f", "null", "-"]));

async function timeClip(path: string) {
  const detection = await detectIn(path);
  const decode = await decodeSeconds(path);
  const { width, height, duration } = detection.media;
  return [
    path.split("/").pop() ?? path,
    `${width}x${height}`,
    duration.toFixed(1),
    String(detection.areas.length),
    detection.seconds.toFixed(2),
    decode.toFixed(2),
    (detection.seconds / decode).toFixed(2),
  ];
}

type Tally = { marks: number; found: number; suggested: number; right: number; ious: number[] };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] ?? 0);
};

export async function benchDetect(dir: string): Promise<void> {
  const clips = readdirSync(MEDIA_DIR)
    .filter((file) => file.endsWith(".mp4"))
    .sort();
  console.error("detection: timing the clean clips ...");
  const rows = [];
  for (const clip of clips) rows.push(await timeClip(join(MEDIA_DIR, clip)));
  const minute = join(dir, "street-one-minute.mp4");
  await runFfmpeg(
    [
      "-stream_loop",
      String(MINUTE_LOOPS),
      "-i",
      join(MEDIA_DIR, clips.find((c) => c.startsWith("street")) ?? ""),
    ].concat(["-an", "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", minute]),
  );
  rows.push(await timeClip(minute));
  console.log("\nWatermark detection, seconds (suggestions on clean footage should be 0)");
  printTable(["clip", "size", "duration s", "suggested", "detect s", "decode s", "x decode"], rows);

  console.error("detection: marks burnt into every clip ...");
  const tallies = new Map<string, Tally>();
  const tally = (key: string) => {
    const found = tallies.get(key) ?? { marks: 0, found: 0, suggested: 0, right: 0, ious: [] };
    tallies.set(key, found);
    return found;
  };
  for (const clip of clips) {
    const camera = STATIC_CAMERA_CLIPS.includes(clip) ? "still" : "moving";
    for (const kind of MARK_KINDS as readonly MarkKind[]) {
      const result = await detectMark(join(MEDIA_DIR, clip), kind, SEED, dir);
      const { matches, unmatched } = matchMarks(result.areas, result.marks, result.media.duration);
      for (const key of [`${kind} / ${camera}`, `all / ${camera}`, "all / all"]) {
        const t = tally(key);
        t.marks += matches.length;
        t.found += matches.filter((m) => m.iou >= 0.7 && m.timeError <= 0.5).length;
        t.suggested += result.areas.length;
        t.right += result.areas.length - unmatched.length;
        t.ious.push(...matches.map((m) => m.iou));
      }
    }
  }
  const lines = [...tallies.entries()]
    .sort()
    .map(([key, t]) => [
      key.split(" / ")[0] ?? key,
      key.split(" / ")[1] ?? "",
      `${t.found}/${t.marks}`,
      (t.found / Math.max(1, t.marks)).toFixed(2),
      `${t.right}/${t.suggested}`,
      t.suggested === 0 ? "-" : (t.right / t.suggested).toFixed(2),
      median(t.ious).toFixed(2),
    ]);
  console.log(`\nWatermark detection over burnt-in marks (seed ${SEED})`);
  printTable(["kind", "camera", "found", "recall", "right", "precision", "median IoU"], lines);
  console.log(
    "\nfound = the mark's best suggestion has IoU >= 0.7 and its start and end within 0.5 s;" +
      "\nright = suggestions overlapping a true mark (IoU >= 0.3); x decode = detect s / decode s.",
  );
}
