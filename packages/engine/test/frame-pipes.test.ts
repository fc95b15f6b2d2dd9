import { describe, expect, test } from "bun:test";
import { Readable, Writable } from "node:stream";
import { readFrames } from "../src/ffmpeg/read-frames";
import { writeFrame } from "../src/smartfill/write-frame";

async function collect(chunks: number[][], frameSize: number): Promise<number[][]> {
  const frames: number[][] = [];
  for await (const frame of readFrames(
    Readable.from(chunks.map((c) => Uint8Array.from(c))),
    frameSize,
  )) {
    frames.push([...frame]);
  }
  return frames;
}

describe("reading exact frames from a byte stream", () => {
  test("chunks of any size become whole frames", async () => {
    expect(await collect([[1, 2], [3, 4, 5, 6, 7], [8], [9]], 3)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
  });
  test("each frame is its own buffer", async () => {
    const frames: Uint8Array[] = [];
    for await (const frame of readFrames(Readable.from([Uint8Array.from([1, 2, 3, 4])]), 2))
      frames.push(frame);
    expect(frames[0]?.buffer).not.toBe(frames[1]?.buffer);
  });
  test("a stream ending inside a frame is an error", async () => {
    expect(collect([[1, 2, 3, 4]], 3)).rejects.toThrow("ended inside a frame");
  });
});

describe("writing frames with backpressure", () => {
  test("waits for the pipe to drain when it is full", async () => {
    let release: () => void = () => {};
    const sink = new Writable({
      highWaterMark: 4,
      write(_chunk, _encoding, callback) {
        release = callback;
      },
    });
    const never = new Promise<void>(() => {});
    await writeFrame(sink, new Uint8Array(2), never);
    let done = false;
    const pending = writeFrame(sink, new Uint8Array(8), never).then(() => {
      done = true;
    });
    await Bun.sleep(20);
    expect(done).toBe(false);
    release();
    await Bun.sleep(5);
    release();
    await pending;
    expect(done).toBe(true);
  });
  test("fails instead of hanging when the reader goes away", async () => {
    const sink = new Writable({ highWaterMark: 1, write() {} });
    let exit: () => void = () => {};
    const gone = new Promise<void>((resolve) => {
      exit = resolve;
    });
    const pending = writeFrame(sink, new Uint8Array(8), gone);
    exit();
    expect(pending).rejects.toThrow("exited");
    sink.destroy();
    expect(writeFrame(sink, new Uint8Array(1), gone)).rejects.toThrow("closed");
  });
});
