import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { STORED_NAME_PATTERN } from "@wr/contracts";

export type StoredFolder = "uploads" | "results";

/**
 * Files under DATA_DIR: uploads, results, and a scratch folder for files being written.
 * Only server-made names (128 random bits, STORED_NAME_PATTERN) ever resolve to a path.
 */
export class Storage {
  constructor(readonly root: string) {}

  async init(): Promise<void> {
    await Promise.all(
      (["uploads", "results", "tmp"] as const).map((dir) =>
        mkdir(join(this.root, dir), { recursive: true }),
      ),
    );
  }

  static newName(extension: string): string {
    return `${randomBytes(16).toString("hex")}.${extension}`;
  }

  /** The path of a stored file, or null when the name is not one the server makes. */
  pathOf(folder: StoredFolder, name: string): string | null {
    return STORED_NAME_PATTERN.test(name) ? join(this.root, folder, name) : null;
  }

  scratchPath(label: string): string {
    return join(this.root, "tmp", `${label}-${randomBytes(8).toString("hex")}.part`);
  }

  async moveInto(folder: StoredFolder, from: string, name: string): Promise<string> {
    const to = join(this.root, folder, name);
    await rename(from, to);
    return to;
  }

  async remove(path: string): Promise<void> {
    await rm(path, { force: true });
  }

  async size(path: string): Promise<number | null> {
    try {
      return (await stat(path)).size;
    } catch {
      return null;
    }
  }

  /** Files of a folder with their last modification time, for the sweeper. */
  async list(
    folder: StoredFolder | "tmp",
  ): Promise<{ name: string; path: string; mtimeMs: number }[]> {
    const dir = join(this.root, folder);
    const names = await readdir(dir).catch(() => [] as string[]);
    const entries = await Promise.all(
      names.map(async (name) => {
        const path = join(dir, name);
        const info = await stat(path).catch(() => null);
        return info?.isFile() ? { name, path, mtimeMs: info.mtimeMs } : null;
      }),
    );
    return entries.filter((entry) => entry !== null);
  }
}
