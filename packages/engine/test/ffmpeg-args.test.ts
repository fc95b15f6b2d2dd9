import { describe, expect, test } from "bun:test";
import type { MediaInfo } from "@wr/contracts";
import { audioArgs, formatFrameRate, inputArgs } from "../src/ffmpeg/args";
import { filterMethodArgs } from "../src/methods/filter-method-args";
import { ffprobeArgs } from "../src/probe/probe-media";
import { toRegions } from "../src/regions";
import { decodeArgs, encodeFromPipeArgs } from "../src/smartfill/smartfill-args";
import { BEE_MEDIA } from "./clips";

/** An argument array written as one line; none of these arguments contains a space. */
const words = (line: string) => line.trim().split(/\s+/);

const MEDIA: MediaInfo = BEE_MEDIA;

const QUIET = "-hide_banner -nostdin -v error";
const INPUT = "-protocol_whitelist file -f mov -i /in/upload.mp4";
const ENCODE = `-sn -dn -map_metadata -1 -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p
  -fps_mode passthrough -movflags +faststart -f mp4 -y /out/result.tmp`;

describe("ffmpeg argument arrays", () => {
  test("a filter method reads with the sniffed demuxer, maps only video and first audio", () => {
    const regions = toRegions([{ x: 100, y: 80, width: 200, height: 120 }], MEDIA);
    const args = filterMethodArgs({
      method: "black",
      media: MEDIA,
      regions,
      inputPath: "/in/upload.mp4",
      outputPath: "/out/result.tmp",
    });
    expect(args).toEqual(
      words(`${QUIET} ${INPUT}
        -filter_complex [0:v:0]format=yuv420p,drawbox=x=100:y=80:w=200:h=120:color=black:t=fill[vout]
        -map [vout] -map 0:a:0? -c:a copy -progress pipe:1 -nostats ${ENCODE}`),
    );
  });

  test("smartfill decodes raw yuv420p frames of the first video stream to stdout", () => {
    expect(decodeArgs(MEDIA, "/in/upload.mp4")).toEqual(
      words(`${QUIET} ${INPUT} -map 0:v:0 -sn -dn -an -s 1280x720 -fps_mode passthrough
        -f rawvideo -pix_fmt yuv420p pipe:1`),
    );
  });

  test("smartfill encodes stdin frames with the original's audio", () => {
    expect(encodeFromPipeArgs(MEDIA, "/in/upload.mp4", "/out/result.tmp")).toEqual(
      words(`${QUIET} -f rawvideo -pix_fmt yuv420p -s 1280x720 -r 30000/1001 -i pipe:0 ${INPUT}
        -map 0:v:0 -map 1:a:0? -c:a copy ${ENCODE}`),
    );
  });

  test("smartfill without audio does not open the original a second time", () => {
    const silent = { ...MEDIA, hasAudio: false, audioCodec: null, width: 853, height: 480 };
    expect(encodeFromPipeArgs(silent, "/in/upload.mp4", "/out/result.tmp")).toEqual(
      words(`${QUIET} -f rawvideo -pix_fmt yuv420p -s 853x480 -r 30000/1001 -i pipe:0
        -map 0:v:0 -vf crop=w=852:h=480:x=0:y=0 -an ${ENCODE}`),
    );
  });

  test("audio is copied when MP4 takes the codec, else re-encoded to AAC, else dropped", () => {
    for (const codec of ["aac", "mp3", "opus", "ac3", "eac3", "alac"]) {
      expect(audioArgs({ hasAudio: true, audioCodec: codec }, 0)).toEqual(
        words("-map 0:a:0? -c:a copy"),
      );
    }
    for (const codec of ["vorbis", "flac", "pcm_s16le"]) {
      expect(audioArgs({ hasAudio: true, audioCodec: codec }, 1)).toEqual(
        words("-map 1:a:0? -c:a aac -b:a 192k"),
      );
    }
    expect(audioArgs({ hasAudio: false, audioCodec: null }, 0)).toEqual(["-an"]);
  });

  test("only allowed demuxers and well-formed frame rates are accepted", () => {
    expect(() => inputArgs({ container: "hls" }, "/x")).toThrow(RangeError);
    expect(() => inputArgs({ container: "mov -i http://x" }, "/x")).toThrow(RangeError);
    expect(formatFrameRate("25/1")).toBe("25/1");
    expect(() => formatFrameRate("25")).toThrow(RangeError);
    expect(() => formatFrameRate("0/1")).toThrow(RangeError);
    expect(() => formatFrameRate("25/1:x=1")).toThrow(RangeError);
  });

  test("ffprobe names the demuxer and allows only the file protocol", () => {
    expect(ffprobeArgs("/in/upload.bin", "matroska")).toEqual(
      words(`-v error -protocol_whitelist file -f matroska -show_format -show_streams -of json
        /in/upload.bin`),
    );
  });
});
