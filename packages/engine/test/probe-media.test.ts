import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { MediaRejectedError, probeMedia } from "../src/index";
import { BEE, BEE_MEDIA, childMediaProcesses, ffmpeg, LIMITS, scratchDir } from "./clips";
import {
  type ConnectionCounter,
  listenForConnections,
  writeEmptyFile,
  writeFfconcat,
  writeFtypPlaylist,
  writeGab2Avi,
  writeHlsPlaylist,
  writeHugeY4m,
  writeTextAsMp4,
} from "./fixtures/hostile";

const TIMEOUT = 60_000;
let dir: Awaited<ReturnType<typeof scratchDir>>;
let listener: ConnectionCounter;

beforeAll(async () => {
  dir = await scratchDir();
});
afterAll(() => dir.remove());

async function rejectionOf(path: string, limits = LIMITS): Promise<string> {
  const error = await probeMedia(path, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaRejectedError);
  return (error as Error).message;
}

describe("probing real videos", () => {
  test("an mp4 clip is described as ffprobe sees it", async () => {
    expect(await probeMedia(BEE, LIMITS)).toEqual(BEE_MEDIA);
  });

  test(
    "Matroska and MPEG-TS copies of it are read with their own demuxers",
    async () => {
      const mkv = join(dir.path, "copy.bin");
      const ts = join(dir.path, "copy.data");
      await ffmpeg(["-i", BEE, "-c", "copy", "-f", "matroska", mkv]);
      await ffmpeg(["-i", BEE, "-c", "copy", "-f", "mpegts", ts]);
      expect(await probeMedia(mkv, LIMITS)).toMatchObject({
        container: "matroska",
        width: 1280,
        hasAudio: true,
      });
      expect(await probeMedia(ts, LIMITS)).toMatchObject({
        container: "mpegts",
        width: 1280,
        hasAudio: true,
      });
    },
    TIMEOUT,
  );

  test("a clip larger than the size limit is refused, naming the limit", async () => {
    expect(await rejectionOf(BEE, { ...LIMITS, maxDimension: 1000 })).toBe(
      "The video is 1280x720: the largest we process is 1000 pixels per side",
    );
  });

  test("a clip longer than the duration limit is refused", async () => {
    expect(await rejectionOf(BEE, { ...LIMITS, maxDurationS: 2 })).toBe(
      "The video lasts 4 s: the longest we process is 2 s",
    );
  });

  test("a clip over the frame rate limit is refused", async () => {
    expect(await rejectionOf(BEE, { ...LIMITS, maxFps: 24 })).toBe(
      "The video has 29.97 frames per second: the most we process is 24",
    );
  });

  test(
    "a real file whose video codec is not on the allow-list is refused",
    async () => {
      const mjpeg = join(dir.path, "mjpeg.mov");
      await ffmpeg([
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=320x240:rate=10",
        "-t",
        "1",
        "-c:v",
        "mjpeg",
        mjpeg,
      ]);
      expect(await rejectionOf(mjpeg)).toStartWith('The video codec "mjpeg" is not supported');
    },
    TIMEOUT,
  );

  test("ffprobe past its time limit is killed and the file refused", async () => {
    expect(await rejectionOf(BEE, { ...LIMITS, timeoutMs: 1 })).toBe(
      "Reading this video took too long: the file may be damaged",
    );
    expect(childMediaProcesses()).toEqual([]);
  });
});

describe("hostile uploads are refused", () => {
  beforeAll(() => {
    listener = listenForConnections();
  });
  afterAll(() => listener.close());

  test("a text file named .mp4", async () => {
    expect(await rejectionOf(await writeTextAsMp4(dir.path))).toBe(
      "This file is not a video we can process",
    );
  });

  test("an empty file", async () => {
    expect(await rejectionOf(await writeEmptyFile(dir.path))).toBe("The file is empty");
  });

  test("an HLS playlist renamed .mp4 is refused without fetching its segments", async () => {
    const path = await writeHlsPlaylist(dir.path, [listener.url, `${listener.url}?second`]);
    expect(await rejectionOf(path)).toBe("This file is not a video we can process");
    await Bun.sleep(100);
    expect(listener.connections()).toBe(0);
  });

  test("an HLS playlist behind an mp4 header gets past sniffing but not ffprobe", async () => {
    const path = await writeFtypPlaylist(dir.path, [listener.url, "/etc/passwd"]);
    expect(await rejectionOf(path)).toBe("This file is not a video we can process");
    await Bun.sleep(100);
    expect(listener.connections()).toBe(0);
  });

  test("an ffconcat list naming /etc/passwd", async () => {
    expect(await rejectionOf(await writeFfconcat(dir.path))).toBe(
      "This file is not a video we can process",
    );
  });

  test("an AVI carrying a GAB2 subtitle that holds a playlist of a local file and a URL", async () => {
    const path = await writeGab2Avi(dir.path, ["/etc/passwd", listener.url]);
    expect(await rejectionOf(path)).toBe("This file has no video track");
    await Bun.sleep(100);
    expect(listener.connections()).toBe(0);
  });

  test("a y4m header claiming 100000x100000", async () => {
    expect(await rejectionOf(await writeHugeY4m(dir.path))).toBe(
      "This file is not a video we can process",
    );
  });

  test("no ffprobe is left running", () => {
    expect(childMediaProcesses()).toEqual([]);
  });
});
