import type { Readable } from "node:stream";

/**
 * A child's whole stdout as text, up to `limit` bytes. Null when it grew past the limit (then
 * `tooMuch` is called once and reading stops) or when the stream broke; never rejects, so it
 * can be awaited alongside the process's exit.
 */
export async function readText(
  stream: Readable | null,
  limit: number,
  tooMuch: () => void = () => {},
): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limit) {
        tooMuch();
        stream.destroy();
        return null;
      }
      chunks.push(buffer);
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks).toString("utf8");
}
