import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AppError, badRequest } from "@wr/api";
import { MESSAGES } from "@wr/contracts";
import busboy from "busboy";

export type ReceivedFile = { tempPath: string; originalFilename: string; sizeBytes: number };

const FIELD = "video";
/** Room for the multipart envelope around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Streams the `video` part of a multipart body to `tempPath`, never holding it in memory, and
 * stops with 413 as soon as it passes the limit (the partial file is removed).
 */
export async function receiveUpload(
  request: Request,
  options: { tempPath: string; maxBytes: number; maxMb: number },
): Promise<ReceivedFile> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw badRequest(MESSAGES.noVideoField);
  }
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > options.maxBytes + ENVELOPE_BYTES) throw tooLarge(options.maxMb);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: options.maxBytes, files: 1, fields: 20, parts: 30 },
    });
  } catch {
    throw badRequest(MESSAGES.noVideoField);
  }

  let received: ReceivedFile | null = null;
  let overLimit = false;
  const writes: Promise<void>[] = [];
  parser.on("file", (name, stream, info) => {
    if (name !== FIELD || received) {
      stream.resume();
      return;
    }
    const file: ReceivedFile = {
      tempPath: options.tempPath,
      originalFilename: info.filename ?? "",
      sizeBytes: 0,
    };
    received = file;
    stream.on("data", (chunk: Buffer) => {
      file.sizeBytes += chunk.length;
    });
    stream.on("limit", () => {
      overLimit = true;
    });
    writes.push(pipeline(stream, createWriteStream(options.tempPath)));
  });

  try {
    await pipeline(Readable.fromWeb(request.body as unknown as WebReadableStream), parser);
    await Promise.all(writes);
  } catch (error) {
    await rm(options.tempPath, { force: true });
    if (overLimit) throw tooLarge(options.maxMb);
    throw badRequest("The upload was interrupted or malformed", {
      details: error instanceof Error ? error.message : undefined,
    });
  }
  if (overLimit) {
    await rm(options.tempPath, { force: true });
    throw tooLarge(options.maxMb);
  }
  if (!received) throw badRequest(MESSAGES.noVideoField);
  return received;
}

function tooLarge(maxMb: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", MESSAGES.tooLarge(maxMb));
}
