import { closeSync, fstatSync, openSync, readSync, rmSync, writeSync } from "node:fs";

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
  /**
   * Reads record `index` whether or not this handle counted it (another thread may be writing
   * the file); false when the file does not hold it whole yet.
   */
  readIfWritten(index: number, into: Uint8Array): boolean;
  /** Closes the file, keeping it for another thread; safe to call more than once. */
  close(): void;
  /** Closes the file and deletes it; safe to call more than once. */
  remove(): void;
};

/** A new, empty file of records at `path` (one there before is emptied). */
export function createRecordFile(path: string, size: number): RecordFile {
  return recordFile(path, size, openSync(path, "w+", 0o600), 0);
}

/**
 * The file of records another thread wrote or writes at `path`, to read: it counts the records
 * there when opened (see `readIfWritten` for those written since).
 */
export function openRecordFile(path: string, size: number): RecordFile {
  const fd = openSync(path, "r");
  return recordFile(path, size, fd, Math.floor(fstatSync(fd).size / size));
}

function recordFile(path: string, size: number, opened: number, held: number): RecordFile {
  let fd: number | null = opened;
  let count = held;
  const open = () => {
    if (fd === null) throw new Error("the record file is closed");
    return fd;
  };
  const close = () => {
    if (fd !== null) closeSync(fd);
    fd = null;
  };
  const write = (index: number, record: Uint8Array) => {
    if (record.length !== size) throw new Error(`a record is ${size} bytes`);
    writeSync(open(), record, 0, size, index * size);
    count = Math.max(count, index + 1);
  };
  const readIfWritten = (index: number, into: Uint8Array) =>
    index >= 0 && readSync(open(), into, 0, size, index * size) === size;
  return {
    get count() {
      return count;
    },
    append: (record) => write(count, record),
    write,
    read(index, into) {
      if (index < 0 || index >= count) throw new Error(`no record ${index}`);
      if (!readIfWritten(index, into)) throw new Error(`record ${index} is short`);
    },
    readIfWritten,
    close,
    remove() {
      close();
      rmSync(path, { force: true });
    },
  };
}
