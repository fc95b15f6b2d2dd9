import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AppError, badRequest } from "@wr/api";
import { ENCODER_MESSAGES } from "@wr/contracts";

/**
 * Streams a raw request body to `tempPath`, never holding it in memory. The body must declare
 * its length, stay within `maxBytes` and arrive whole; otherwise the partial file is removed
 * and the answer says why (400, 413).
 */
export async function receiveBody(
  request: Request,
  options: { tempPath: string; maxBytes: number },
): Promise<{ size: number }> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!Number.isSafeInteger(declared) || declared <= 0 || !request.body) {
    throw badRequest(ENCODER_MESSAGES.lengthRequired);
  }
  if (declared > options.maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", ENCODER_MESSAGES.outputTooLarge);
  }
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > declared ? new Error("more bytes than declared") : null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(request.body as unknown as WebReadableStream),
      count,
      createWriteStream(options.tempPath),
    );
  } catch {
    await rm(options.tempPath, { force: true });
    throw badRequest(ENCODER_MESSAGES.outputIncomplete);
  }
  if (size !== declared) {
    await rm(options.tempPath, { force: true });
    throw badRequest(ENCODER_MESSAGES.outputIncomplete);
  }
  return { size };
}
