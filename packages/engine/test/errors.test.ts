import { describe, expect, test } from "bun:test";
import { FfmpegError } from "../src/errors";
import { LineRing } from "../src/ffmpeg/line-ring";
import { hidePaths } from "../src/ffmpeg/tool-failure";

describe("bounded stderr", () => {
  test("keeps only the last lines, each cut to a sane length", () => {
    const ring = new LineRing(3, 10);
    ring.push("one\ntwo\nthr");
    ring.push("ee\n\nfour\r\nfive is a very long line\nsix");
    expect(ring.text()).toBe("three\nfour\nfive is a …\nsix");
  });
});

describe("FfmpegError", () => {
  test("the message is the summary plus the end of the tail, never over 500 characters", () => {
    const tail = Array.from({ length: 30 }, (_, i) => `line ${i} ${"x".repeat(40)}`).join("\n");
    const error = new FfmpegError("Processing failed (ffmpeg exit 1)", tail);
    expect(error.message.length).toBeLessThanOrEqual(500);
    expect(error.message).toStartWith("Processing failed (ffmpeg exit 1): …");
    expect(error.message).toEndWith(`line 29 ${"x".repeat(40)}`);
    expect(error.stderrTail).toBe(tail);
  });
  test("without a tail the message is the summary alone", () => {
    expect(new FfmpegError("Processing took too long", "  ").message).toBe(
      "Processing took too long",
    );
  });
  test("our file paths are replaced by their role", () => {
    expect(hidePaths("/data/u/abc.mp4: Invalid data", { input: "/data/u/abc.mp4" })).toBe(
      "<input>: Invalid data",
    );
  });
});
