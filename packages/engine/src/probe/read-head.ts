import { open } from "node:fs/promises";

/** The first `length` bytes of a file (fewer when the file is shorter). */
export async function readHead(path: string, length: number): Promise<Uint8Array> {
  const file = await open(path, "r");
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await file.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
