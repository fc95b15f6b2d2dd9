import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { CLIP_720P, type Json, postJson, uploadedName } from "./support/client";
import { type RunningServer, startServer } from "./support/server-process";

const LIFETIME_S = 4;
let server: RunningServer;
let result: string;
let size: number;

beforeAll(async () => {
  server = await startServer(
    { database: "pglite", queue: "in-process" },
    { RESULT_LIFETIME_S: String(LIFETIME_S), SWEEP_INTERVAL_S: "1" },
  );
  const filename = await uploadedName(server.url, CLIP_720P);
  const processed = await postJson(server.url, "/api/process", {
    filename,
    method: "black",
    rectangles: [{ x: 10, y: 10, width: 100, height: 60 }],
  });
  expect(processed.status).toBe(200);
  result = String(processed.body.filename);
  size = (await (await fetch(`${server.url}/api/stream/${result}`)).arrayBuffer()).byteLength;
});
afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });

describe("GET /api/stream: byte ranges a video element can seek with", () => {
  test("without Range: 200, the whole MP4, and an offer of ranges", async () => {
    const response = await get(`/api/stream/${result}?t=123`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.length).toBe(size);
    expect(size).toBeGreaterThan(1000);
    expect(new TextDecoder().decode(body.slice(4, 8))).toBe("ftyp");
  });

  test("bytes=0-99: 206 with exactly those bytes", async () => {
    const whole = new Uint8Array(await (await get(`/api/stream/${result}`)).arrayBuffer());
    const response = await get(`/api/stream/${result}`, { Range: "bytes=0-99" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(whole.slice(0, 100));
  });

  test("a suffix range: 206 with the last bytes", async () => {
    const whole = new Uint8Array(await (await get(`/api/stream/${result}`)).arrayBuffer());
    const response = await get(`/api/stream/${result}`, { Range: "bytes=-500" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(whole.slice(size - 500));
  });

  test("past the end: 416 naming the size", async () => {
    const response = await get(`/api/stream/${result}`, { Range: `bytes=${size}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${size}`);
  });
});

describe("GET /api/download", () => {
  test("an attachment named after the original with -clean", async () => {
    const response = await get(`/api/download/${result}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      "attachment; filename=\"bee_takeoff_fast_audio_1280x720-clean.mp4\"; filename*=UTF-8''bee_takeoff_fast_audio_1280x720-clean.mp4",
    );
    expect((await response.arrayBuffer()).byteLength).toBe(size);
  });

  test("only server-made names resolve: traversal and odd names are 404", async () => {
    for (const name of [
      "..%2F..%2Fetc%2Fpasswd",
      "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "..%5C..%5Cetc%5Cpasswd",
      `${result}%00.txt`,
      "00000000000000000000000000000000.mp4",
    ]) {
      for (const kind of ["stream", "download"]) {
        const response = await get(`/api/${kind}/${name}`);
        expect(response.status).toBe(404);
        const body: Json = await response.json();
        expect(body.success).toBe(false);
        expect(JSON.stringify(body)).not.toContain(server.dataDir);
        expect(JSON.stringify(body)).not.toContain("root:");
      }
    }
  });
});

describe("retention", () => {
  test("the upload is gone as soon as processing ends", async () => {
    expect(await readdir(join(server.dataDir, "uploads"))).toEqual([]);
  });

  test("the result expires after its lifetime: 410 with a clear message, file removed", async () => {
    expect(await readdir(join(server.dataDir, "results"))).toEqual([result]);
    await Bun.sleep((LIFETIME_S + 2.5) * 1000);
    const response = await get(`/api/stream/${result}`);
    expect(response.status).toBe(410);
    const body: Json = await response.json();
    expect(body.error).toContain("expired");
    expect((await get(`/api/download/${result}`)).status).toBe(410);
    expect(await readdir(join(server.dataDir, "results"))).toEqual([]);
  });
});
