import { describe, expect, test } from "bun:test";
import { Readable } from "node:stream";
import { progressPercent } from "../src/ffmpeg/progress";
import { watchProgress } from "../src/ffmpeg/watch-progress";

const TOTALS = { frameCount: 200, durationS: 10 };

describe("progress from ffmpeg's -progress lines", () => {
  test("frame= counts against the expected frames", () => {
    expect(
      progressPercent(["frame=50", "fps=25.0", "out_time_us=1000000", "progress=continue"], TOTALS),
    ).toBe(25);
  });
  test("the last value of a key wins", () => {
    expect(progressPercent(["frame=10", "frame=100", "progress=continue"], TOTALS)).toBe(50);
  });
  test("out_time_us is used when frames are unknown", () => {
    expect(progressPercent(["out_time_us=2500000", "progress=continue"], TOTALS)).toBe(25);
    expect(
      progressPercent(["frame=20", "out_time_us=2500000"], { frameCount: 0, durationS: 10 }),
    ).toBe(25);
  });
  test("it stays below 100 until progress=end, then it is 100", () => {
    expect(progressPercent(["frame=200", "progress=continue"], TOTALS)).toBe(99);
    expect(progressPercent(["frame=260", "progress=continue"], TOTALS)).toBe(99);
    expect(progressPercent(["frame=190", "progress=end"], TOTALS)).toBe(100);
  });
  test("N/A, negative or junk values are ignored; nothing known gives null", () => {
    expect(
      progressPercent(["out_time_us=N/A", "frame=-3", "progress=continue"], TOTALS),
    ).toBeNull();
    expect(progressPercent(["out_time_us=N/A", "frame=20"], TOTALS)).toBe(10);
    expect(progressPercent([], TOTALS)).toBeNull();
    expect(progressPercent(["bitrate=1000kbits/s", "speed=2x"], TOTALS)).toBeNull();
  });
  test("fractions are rounded to a tenth", () => {
    expect(progressPercent(["frame=1"], { frameCount: 3, durationS: 1 })).toBe(33.3);
  });
});

describe("watching a -progress stream", () => {
  test("reports once per block, only upward, even when lines are split across chunks", async () => {
    const chunks = [
      "frame=20\nout_time_us=1000",
      "000\nprogress=continue\nfra",
      "me=10\nprogress=continue\n",
    ].concat(["frame=100\nprogress=continue\n", "frame=200\nprogress=end\n"]);
    const seen: number[] = [];
    await watchProgress(Readable.from(chunks), TOTALS, (percent) => seen.push(percent));
    expect(seen).toEqual([10, 50, 100]);
  });
  test("a throwing callback does not break the watch", async () => {
    const stream = Readable.from(["frame=20\nprogress=continue\n", "frame=200\nprogress=end\n"]);
    await watchProgress(stream, TOTALS, () => {
      throw new Error("reporter down");
    });
  });
});
