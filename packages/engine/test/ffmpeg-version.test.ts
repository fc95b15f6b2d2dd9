import { afterEach, expect, test } from "bun:test";
import { parseFfmpegVersion } from "../src/ffmpeg-version";
import { ffmpegVersion } from "../src/index";

afterEach(() => {
  delete process.env.FFMPEG_PATH;
});

test("the version is read from the first line of ffmpeg -version", () => {
  expect(
    parseFfmpegVersion("ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026\nbuilt with gcc"),
  ).toBe("5.1.9-0+deb12u1");
  expect(parseFfmpegVersion("sh: ffmpeg: not found")).toBeNull();
});

test("ffmpegVersion reports the installed ffmpeg, or null when there is none", async () => {
  expect(await ffmpegVersion()).toMatch(/^\d+\.\d+/);
  process.env.FFMPEG_PATH = "/nonexistent/ffmpeg";
  expect(await ffmpegVersion()).toBeNull();
});
