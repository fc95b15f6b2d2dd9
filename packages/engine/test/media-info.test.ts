import { describe, expect, test } from "bun:test";
import { MediaRejectedError } from "../src/errors";
import { mediaInfoFromProbe } from "../src/probe/media-info";
import { BEE_MEDIA } from "./clips";

const LIMITS = { maxDimension: 3840, maxDurationS: 600, maxFps: 120 };

type Stream = Record<string, unknown>;

function probe(video: Stream | null, options: { audio?: Stream; format?: Stream } = {}) {
  const base: Stream = {
    codec_type: "video",
    codec_name: "h264",
    width: 1280,
    height: 720,
    avg_frame_rate: "30000/1001",
    r_frame_rate: "30000/1001",
    duration: "4.037367",
    nb_frames: "121",
  };
  const streams: Stream[] = [];
  if (video) streams.push({ ...base, ...video });
  if (options.audio) streams.push({ codec_type: "audio", ...options.audio });
  return {
    streams,
    format: { format_name: "mov,mp4,m4a,3gp,3g2,mj2", duration: "4.038000", ...options.format },
  };
}

function rejection(json: unknown, limits = LIMITS): string {
  try {
    mediaInfoFromProbe(json, "mov", limits);
  } catch (error) {
    expect(error).toBeInstanceOf(MediaRejectedError);
    return (error as Error).message;
  }
  throw new Error("expected a rejection");
}

describe("ffprobe JSON to MediaInfo", () => {
  test("a normal clip maps to every field", () => {
    expect(mediaInfoFromProbe(probe({}, { audio: { codec_name: "aac" } }), "mov", LIMITS)).toEqual(
      BEE_MEDIA,
    );
  });

  test("the frame count is estimated from duration and fps without nb_frames", () => {
    const info = mediaInfoFromProbe(probe({ nb_frames: undefined }), "matroska", LIMITS);
    expect(info.frameCount).toBe(121);
    expect(info.container).toBe("matroska");
  });

  test("r_frame_rate stands in for a missing avg_frame_rate", () => {
    const info = mediaInfoFromProbe(
      probe({ avg_frame_rate: "0/0", r_frame_rate: "25/1" }),
      "mov",
      LIMITS,
    );
    expect(info.fps).toBe(25);
    expect(info.frameRate).toBe("25/1");
  });

  test("the stream duration stands in for a missing container duration", () => {
    const info = mediaInfoFromProbe(probe({}, { format: { duration: "N/A" } }), "mov", LIMITS);
    expect(info.duration).toBeCloseTo(4.037367, 6);
  });

  test("audio in a codec we do not keep counts as no audio", () => {
    const info = mediaInfoFromProbe(probe({}, { audio: { codec_name: "truehd" } }), "mov", LIMITS);
    expect(info.hasAudio).toBe(false);
    expect(info.audioCodec).toBeNull();
    expect(mediaInfoFromProbe(probe({}), "mov", LIMITS).hasAudio).toBe(false);
  });

  test("a quarter-turn display rotation swaps width and height", () => {
    const rotated = probe({
      side_data_list: [{ side_data_type: "Display Matrix", rotation: -90 }],
    });
    expect(mediaInfoFromProbe(rotated, "mov", LIMITS)).toMatchObject({ width: 720, height: 1280 });
    const upsideDown = probe({ side_data_list: [{ rotation: 180 }] });
    expect(mediaInfoFromProbe(upsideDown, "mov", LIMITS)).toMatchObject({
      width: 1280,
      height: 720,
    });
    expect(mediaInfoFromProbe(probe({ tags: { rotate: "270" } }), "mov", LIMITS).width).toBe(720);
  });
});

describe("rejections, each with its reason", () => {
  test("no video stream", () => {
    expect(rejection(probe(null, { audio: { codec_name: "aac" } }))).toBe(
      "This file has no video track",
    );
    expect(rejection(null)).toBe("This file has no video track");
    expect(rejection("garbage")).toBe("This file has no video track");
  });

  test("a video codec outside the allow-list, named safely", () => {
    expect(rejection(probe({ codec_name: "prores" }))).toStartWith(
      'The video codec "prores" is not supported',
    );
    expect(rejection(probe({ codec_name: "xbin" }))).toContain('"xbin"');
    expect(rejection(probe({ codec_name: 'h264" <b>' }))).toContain('"unknown"');
    expect(rejection(probe({ codec_name: undefined }))).toContain('"unknown"');
  });

  test("a side over the limit, naming the size and the limit", () => {
    expect(rejection(probe({ width: 5000, height: 300 }))).toBe(
      "The video is 5000x300: the largest we process is 3840 pixels per side",
    );
    expect(rejection(probe({ width: 1000, height: 4000 }))).toContain("1000x4000");
  });

  test("a missing or zero size", () => {
    expect(rejection(probe({ width: 0 }))).toBe(
      "The size of this video's picture could not be read",
    );
    expect(rejection(probe({ height: undefined }))).toBe(
      "The size of this video's picture could not be read",
    );
  });

  test("a frame rate over the limit or not positive", () => {
    expect(rejection(probe({ avg_frame_rate: "240/1" }))).toBe(
      "The video has 240 frames per second: the most we process is 120",
    );
    expect(rejection(probe({ avg_frame_rate: "0/0", r_frame_rate: "0/0" }))).toBe(
      "The frame rate of this video could not be read",
    );
    expect(rejection(probe({ avg_frame_rate: "-25/1", r_frame_rate: undefined }))).toBe(
      "The frame rate of this video could not be read",
    );
  });

  test("a missing, zero or too long duration", () => {
    const noDuration = probe({ duration: undefined }, { format: { duration: undefined } });
    expect(rejection(noDuration)).toBe("The duration of this video could not be read");
    expect(rejection(probe({ duration: "0" }, { format: { duration: "0.000" } }))).toBe(
      "The duration of this video could not be read",
    );
    expect(rejection(probe({}, { format: { duration: "86400" } }))).toBe(
      "The video lasts 24 h 0 min: the longest we process is 10 min",
    );
    expect(rejection(probe({}, { format: { duration: "725" } }))).toBe(
      "The video lasts 12 min 5 s: the longest we process is 10 min",
    );
  });
});
