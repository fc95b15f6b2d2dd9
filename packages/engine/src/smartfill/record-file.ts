import { closeSync, openSync, readSync, rmSync, writeSync } from "node:fs";

/**
 * Records of one size kept in a file, written and read back by index in any order. What a pass
 * over the whole video keeps for a later one, whatever the video's length.
 */
export type RecordFile = {
  /** Records the file holds: one past the last written (those skipped read as zeros). */
  readonly count: number;
  /** Writes record `count`. */
  append(record: Uint8Array): void;
  write(index: number, record: Uint8Array): void;
  read(index: number, into: Uint8Array): void;
  /** Closes the file and deletes it; safe to call more than once. */
  remove(): void;
};

export function createRecordFile(path: string, size: number): RecordFile {
  let fd: number | null = openSync(path, "w+", 0o600);
  let count = 0;
  const open = () => {
    if (fd === null) throw new Error("the record file was removed");
    return fd;
  };
  const write = (index: number, record: Uint8Array) => {
    if (record.length !== size) throw new Error(`a record is ${size} bytes`);
    writeSync(open(), record, 0, size, index * size);
    count = Math.max(count, index + 1);
  };
  return {
    get count() {
      return count;
    },
    append: (record) => write(count, record),
    write,
    read(index, into) {
      if (index < 0 || index >= count) throw new Error(`no record ${index}`);
      const read = readSync(open(), into, 0, size, index * size);
      if (read !== size) throw new Error(`record ${index} is short`);
    },
    remove() {
      if (fd === null) return;
      closeSync(fd);
      fd = null;
      rmSync(path, { force: true });
    },
  };
}
