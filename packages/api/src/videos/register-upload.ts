import { MESSAGES } from "@wr/contracts";
import { videos } from "@wr/db";
import { MediaRejectedError, probeMedia } from "@wr/engine";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors";
import { Storage } from "../storage";

const EXTENSION_BY_CONTAINER: Record<string, string> = {
  mov: "mp4",
  matroska: "mkv",
  avi: "avi",
  mpegts: "ts",
};

/**
 * Takes a file that has arrived in scratch space: ffprobe decides whether it is a video we
 * process; if so it is kept under a server-made name and recorded, else it is removed.
 */
export async function registerUpload({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { tempPath: string; originalFilename: string; sizeBytes: number; userId: string | null };
}): Promise<{ filename: string }> {
  const { storage, config, db } = ctx;
  try {
    if (input.sizeBytes === 0) throw badRequest(MESSAGES.emptyFile);
    const media = await probeMedia(input.tempPath, {
      maxDimension: config.maxDimension,
      maxDurationS: config.maxDurationS,
      maxFps: config.maxFps,
      timeoutMs: config.probeTimeoutMs,
    }).catch((error: unknown) => {
      if (error instanceof MediaRejectedError) throw badRequest(error.message);
      throw error;
    });
    const filename = Storage.newName(EXTENSION_BY_CONTAINER[media.container] ?? "mp4");
    await storage.moveInto("uploads", input.tempPath, filename);
    await db.insert(videos).values({
      originalFilename: cleanOriginalName(input.originalFilename),
      uploadFilename: filename,
      userId: input.userId,
      sizeBytes: input.sizeBytes,
      media,
    });
    return { filename };
  } finally {
    await storage.remove(input.tempPath);
  }
}

/** The original name is data only: keep its last path segment, printable, and bounded. */
function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const printable = base.replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  return printable.slice(0, 200) || "video.mp4";
}
