/** ffmpeg runs the quality benchmark needs: compositing marks and plain re-encodes. */
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ffmpegPath } from "../../src/binaries";
import type { MarkPlan } from "./marks";

/** The engine's own output settings (see packages/engine/src/ffmpeg/args.ts). */
export const PLAIN_ENCODE = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18"];
const KEEP_FRAMES = ["-pix_fmt", "yuv420p", "-fps_mode", "passthrough"];

export function runFfmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ["-v", "error", "-nostdin", "-y", ...args], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`ffmpeg ${args.join(" ")} exited ${code}: ${stderr}`)),
    );
  });
}

export async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** Re-encodes with the engine's settings and nothing else: the reference and the "none" row. */
export function encodePlain(input: string, output: string): Promise<void> {
  return runFfmpeg(
    ["-i", input, "-map", "0:v:0", "-map", "0:a:0?", "-c:a", "copy"].concat(
      PLAIN_ENCODE,
      KEEP_FRAMES,
      [output],
    ),
  );
}

/** Burns the plan's overlays into the clean clip (x264 CRF 12 to keep the picture, audio copied). */
export async function compositeMarks(clean: string, plan: MarkPlan, dir: string, output: string) {
  const inputs: string[] = ["-i", clean];
  const chain: string[] = [];
  let last = "0:v";
  for (const [index, overlay] of plan.overlays.entries()) {
    const file = join(dir, `${plan.kind}-${index}.rgba`);
    await writeFile(file, overlay.rgba);
    // The mark's one frame, repeated without end (the overlay ends with the clip): as an input
    // that ended after its one frame, it made the marked clip differ now and then from run to
    // run (1 in 9 on the face clip's jumping mark, by up to 0.5 dB inside).
    inputs.push("-stream_loop", "-1", "-f", "rawvideo", "-pix_fmt", "rgba");
    inputs.push("-s", `${overlay.width}x${overlay.height}`, "-i", file);
    const enable =
      overlay.startTime === undefined
        ? ""
        : overlay.endTime === undefined
          ? `:enable='gte(t,${overlay.startTime})'`
          : `:enable='between(t,${overlay.startTime},${overlay.endTime})'`;
    const label = `v${index}`;
    chain.push(
      `[${last}][${index + 1}:v]overlay=x=${overlay.x}:y=${overlay.y}:shortest=1${enable}[${label}]`,
    );
    last = label;
  }
  await runFfmpeg(
    inputs
      .concat(["-filter_complex", chain.join(";"), "-map", `[${last}]`, "-map", "0:a:0?"])
      .concat(["-c:a", "copy", "-c:v", "libx264", "-preset", "veryfast", "-crf", "12"])
      .concat(KEEP_FRAMES, [output]),
  );
}
