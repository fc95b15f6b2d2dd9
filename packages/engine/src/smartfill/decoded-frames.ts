/**
 * The frames the first pass decodes, kept in a file so that they are not decoded again when
 * the frames are written (run-smartfill.ts). Read back from the disk's cache they cost next to
 * nothing; a second decode of a 720p bee clip took about 1.2 s of a core, and the smart fill of
 * its opaque logo went from 19.9-21.7 core-seconds in all (ffmpeg's included) to 19.2-19.9,
 * 10.8-11.7 s to 10.4-10.9 s. Kept only while they take at most DECODED_BYTES and the disk
 * keeps FREE_BYTES free besides; otherwise the frames are decoded again.
 */
import { statfsSync } from "node:fs";
import { totalmem } from "node:os";
import { dirname } from "node:path";
import { createRecordFile, type RecordFile } from "./record-file";

/**
 * The most the decoded frames may take: 2 GiB (1,500 frames of 720p, 690 of 1080p), and an
 * eighth of the memory, so that the disk's cache holds them from their writing to their reading
 * back: on a machine with little memory the first pass could otherwise wait on the disk.
 */
export const DECODED_BYTES = Math.min(2 * 1024 ** 3, totalmem() / 8);
/** Disk left free besides them, for the output and the other jobs' files. */
const FREE_BYTES = 4 * 1024 ** 3;

export type DecodedFrames = {
  /** Keeps the next frame (once one could not be kept, no more are). */
  add(frame: Uint8Array): void;
  /** False once a frame could not be kept: the frames must be decoded again. */
  readonly complete: boolean;
  /** The frames kept, in order, each in a buffer of its own. */
  frames(): AsyncGenerator<Uint8Array>;
  /** Deletes the file; safe to call more than once. */
  remove(): void;
};

/**
 * A file at `path` for the decoded frames of a video of about `frameCount` frames of
 * `frameSize` bytes; none when they would take more than `most` bytes, or too much of the disk.
 */
export function keepDecodedFrames(
  path: string,
  frameSize: number,
  frameCount: number,
  most = DECODED_BYTES,
): DecodedFrames | null {
  const bytes = frameSize * frameCount;
  if (bytes > most || freeBytes(dirname(path)) < bytes + FREE_BYTES) return null;
  let file: RecordFile | null = createRecordFile(path, frameSize);
  const drop = () => {
    file?.remove();
    file = null;
  };
  return {
    add(frame) {
      if (!file) return;
      try {
        if ((file.count + 1) * frameSize > most) throw new Error("too many frames");
        file.append(frame);
      } catch {
        // The disk is full, or the video longer than it said: decoded again.
        drop();
      }
    },
    get complete() {
      return file !== null;
    },
    async *frames() {
      const kept = file;
      if (!kept) throw new Error("the decoded frames were not kept");
      for (let index = 0; index < kept.count; index++) {
        const frame = new Uint8Array(frameSize);
        kept.read(index, frame);
        yield frame;
      }
    },
    remove: drop,
  };
}

/** Bytes free to us on the disk holding `dir` (0 when that cannot be told). */
function freeBytes(dir: string): number {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize;
  } catch {
    return 0;
  }
}
