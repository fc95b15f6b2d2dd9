import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { detectResultSchema, MESSAGES } from "@wr/contracts";
import { intersectionOverUnion as iou, scratchDir } from "@wr/engine/testing";
import { api, CLIP_720P, CLIP_SMALL, uploadedName } from "./support/client";
import { type MarkedClip, markedClip } from "./support/marked-clip";
import { type RunningServer, startServer } from "./support/server-process";

/**
 * What POST /api/detect is for: on real footage with a logo burnt in, it suggests the logo's
 * box (the bee clip, 1280x720, 4 s, fast motion, gets an opaque logo in a corner); on footage
 * without one it suggests nothing; when the engine fails the user gets a clear error.
 */

const TIMEOUT = 180_000;
const CLIP_SECONDS = 4.04;

let server: RunningServer;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
let marked: MarkedClip;

beforeAll(async () => {
  scratch = await scratchDir();
  [server, marked] = await Promise.all([
    startServer({ database: "pglite", queue: "in-process" }),
    markedClip(CLIP_720P, "opaque", scratch.path),
  ]);
}, TIMEOUT);
afterAll(async () => {
  await server?.stop();
  await scratch?.remove();
});

async function detect(path: string) {
  const filename = await uploadedName(server.url, path);
  const result = await api(server.url, "POST", "/api/detect", {
    body: { filename },
    timeoutMs: TIMEOUT - 30_000,
  });
  expect(result.status).toBe(200);
  return detectResultSchema.parse(result.body).areas;
}

test(
  "an opaque logo on the 720p clip is suggested: a box with IoU >= 0.7 against the true one, over the whole clip",
  async () => {
    const areas = await detect(marked.path);
    const best = areas
      .map((area) => ({ area, overlap: iou(area, marked.mark) }))
      .sort((a, b) => b.overlap - a.overlap)[0];
    if (!best || best.overlap < 0.7) {
      const seen = JSON.stringify(areas);
      throw new Error(`no suggestion covers the mark ${JSON.stringify(marked.mark)}: ${seen}`);
    }
    expect(best.area.startTime).toBeLessThanOrEqual(0.5);
    expect(best.area.endTime).toBeGreaterThanOrEqual(CLIP_SECONDS - 0.5);
  },
  TIMEOUT,
);

test(
  "the same clip without a mark gets no suggestion",
  async () => {
    expect(await detect(CLIP_720P)).toEqual([]);
  },
  TIMEOUT,
);

test(
  "an upload the detector cannot read: an error for the user, with no path or ffmpeg output in it",
  async () => {
    const filename = await uploadedName(server.url, CLIP_SMALL);
    // The stored file is damaged after the upload was checked (a disk fault, say).
    await writeFile(join(server.dataDir, "uploads", filename), new Uint8Array(200_000).fill(7));
    const result = await api(server.url, "POST", "/api/detect", {
      body: { filename },
      timeoutMs: TIMEOUT - 30_000,
    });
    expect([415, 500]).toContain(result.status);
    expect(Object.keys(result.body).sort()).toEqual(["error", "success"]);
    if (result.status === 500) expect(result.body.error).toBe(MESSAGES.detectionFailed);
    const text = JSON.stringify(result.body);
    for (const leak of [server.dataDir, "uploads/", filename, "ffmpeg"]) {
      expect(text).not.toContain(leak);
    }
    // Nor a stack trace's "file:line:column".
    expect(text).not.toMatch(/\.ts:\d+:\d+/);
  },
  TIMEOUT,
);
