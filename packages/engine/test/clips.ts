/** The shared test clips and scratch folders the integration tests use. */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MediaInfo } from "@wr/contracts";

/** The shared clips: beside the project (../shared/media), or where MEDIA_DIR says. */
function findMediaDir(): string {
  const candidates = [
    process.env.MEDIA_DIR,
    join(import.meta.dir, "..", "..", "..", "..", "shared", "media"),
    "/work/shared/media",
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(join(dir, "manifest.json")));
  if (!found) throw new Error(`Test clips not found; looked in ${candidates.join(", ")}`);
  return join(found, "clean");
}

export const MEDIA_DIR = findMediaDir();
export const BEE = join(MEDIA_DIR, "bee_takeoff_fast_audio_1280x720.mp4");

/** The shared clips filmed from a tripod or a fixed webcam (manifest tag static_camera). */
export const STATIC_CAMERA_CLIPS = [
  "flower_macro_static_854x480.mp4",
  "parking_lot_topdown_static_640x360.mp4",
  "person_signing_webcam_640x480.mp4",
];

/** What probing the bee clip must give. */
export const BEE_MEDIA: MediaInfo = {
  container: "mov",
  width: 1280,
  height: 720,
  duration: 4.038,
  fps: 30000 / 1001,
  frameRate: "30000/1001",
  frameCount: 121,
  videoCodec: "h264",
  hasAudio: true,
  audioCodec: "aac",
};

export const LIMITS = { maxDimension: 3840, maxDurationS: 600, maxFps: 120, timeoutMs: 20_000 };

export async function scratchDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), "engine-test-"));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Runs ffmpeg to prepare a test input; throws with its stderr when it fails. */
export async function ffmpeg(args: string[]): Promise<void> {
  const run = Bun.spawn(["ffmpeg", "-v", "error", "-nostdin", "-y", ...args], {
    stdout: "ignore",
    stderr: "pipe",
  });
  const [stderr, code] = await Promise.all([new Response(run.stderr).text(), run.exited]);
  if (code !== 0) throw new Error(`ffmpeg ${args.join(" ")} failed: ${stderr}`);
}

/** ffmpeg/ffprobe processes that are children of this test process, zombies included. */
export function childMediaProcesses(): string[] {
  const ps = Bun.spawnSync(["ps", "-o", "pid=,stat=,comm=", "--ppid", String(process.pid)]);
  return ps.stdout
    .toString()
    .split("\n")
    .filter((line) => /ffmpeg|ffprobe/.test(line));
}
