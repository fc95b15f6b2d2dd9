import { expect, test } from "bun:test";
import { join } from "node:path";
import { runProcess } from "../../../tests/run-process";

const ROOT = join(import.meta.dir, "..", "..", "..");
/** Hardware candidates that fail their trial on any machine: no CUDA device, no render node. */
const FAILING_HARDWARE = {
  ENCODER_CANDIDATES: "h264_nvenc,h264_vaapi",
  VAAPI_DEVICE: "/nonexistent/renderD128",
  CUDA_VISIBLE_DEVICES: "-1",
};

function probe(env: Record<string, string>) {
  return runProcess([process.execPath, "apps/encoder/src/main.ts", "probe"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
}

test("`encoder probe` with hardware candidates that fail their trial reports libx264 and why", async () => {
  const { stdout, code } = await probe(FAILING_HARDWARE);
  expect(code).toBe(0);
  const report = JSON.parse(stdout);
  expect(report).toMatchObject({ encoders: ["libx264"], chosen: "libx264" });
  expect(report.ffmpeg).toBeTruthy();
  expect(
    report.trials.map((trial: { encoder: string; ok: boolean }) => [trial.encoder, trial.ok]),
  ).toEqual([
    ["h264_nvenc", false],
    ["h264_vaapi", false],
    ["libx264", true],
  ]);
  for (const trial of report.trials.slice(0, 2)) expect(trial.error).toBeTruthy();
}, 60_000);

test("`encoder probe` refuses an unknown candidate with a clear message", async () => {
  const { stderr, code } = await probe({ ENCODER_CANDIDATES: "h264_nvenc,h264_qsv" });
  expect(code).toBe(1);
  expect(stderr).toContain("ENCODER_CANDIDATES: unknown encoder h264_qsv");
  expect(stderr).not.toContain("    at ");
});
