import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import postgres from "postgres";
import {
  CLIP_720P,
  type Json,
  MEDIA_DIR,
  postJson,
  upload,
  uploadBytes,
  uploadedName,
} from "./support/client";
import { type RunningServer, startServer } from "./support/server-process";

let server: RunningServer;
let sql: postgres.Sql;

beforeAll(async () => {
  server = await startServer({ database: "postgres", queue: "in-process" }, { MAX_UPLOAD_MB: "1" });
  sql = postgres(server.databaseUrl ?? "", { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end();
  await server?.stop();
});

async function expectServing() {
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
}

describe("uploads that are not videos we process", () => {
  test("a text file named .mp4 is refused by what it is, not its name", async () => {
    const result = await uploadBytes(
      server.url,
      new TextEncoder().encode("hello world\n".repeat(50)),
      "movie.mp4",
    );
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      success: false,
      error: "This file is not a video we can process",
    });
    await expectServing();
  });

  test("an empty file", async () => {
    const result = await uploadBytes(server.url, new Uint8Array(), "empty.mp4");
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("The file is empty");
    await expectServing();
  });

  test("a file over MAX_UPLOAD_MB is 413 and leaves no partial file", async () => {
    const result = await upload(server.url, CLIP_720P);
    expect(result.status).toBe(413);
    expect(result.body.error).toBe("The file is larger than the 1 MB limit");
    expect(await readdir(join(server.dataDir, "tmp"))).toEqual([]);
    await expectServing();
  });

  test("a body without the video field", async () => {
    const form = new FormData();
    form.append("file", new Blob(["x"]), "a.mp4");
    const response = await fetch(`${server.url}/api/upload`, { method: "POST", body: form });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).error).toBe(
      'Send the video as multipart/form-data in the field "video"',
    );
  });

  test("nothing was recorded or kept for any of them", async () => {
    const rows = await sql`select count(*)::int as count from videos`;
    expect(rows[0]?.count).toBe(0);
    expect(await readdir(join(server.dataDir, "uploads"))).toEqual([]);
  });
});

describe("processing requests that are wrong", () => {
  let filename: string;
  const area = { x: 10, y: 10, width: 100, height: 60 };
  beforeAll(async () => {
    filename = await uploadedName(
      server.url,
      join(MEDIA_DIR, "parking_lot_topdown_static_640x360.mp4"),
    );
  });

  const process = (payload: unknown) => postJson(server.url, "/api/process", payload);

  test("a filename of ../../etc/passwd is 404", async () => {
    const result = await process({
      filename: "../../etc/passwd",
      method: "blur",
      rectangles: [area],
    });
    expect(result.status).toBe(404);
    expect(result.body.error).toBe("Video not found: upload it again");
  });

  test("a rectangle outside the frame says which and why", async () => {
    const result = await process({
      filename,
      method: "blur",
      rectangles: [area, { x: 600, y: 0, width: 100, height: 50 }],
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(
      "Area 2: it reaches outside the 640x360 frame (x 600 + width 100, y 0 + height 50)",
    );
  });

  test("a negative width", async () => {
    const result = await process({
      filename,
      method: "blur",
      rectangles: [{ ...area, width: -20 }],
    });
    expect(result.status).toBe(400);
    expect(String(result.body.error)).toStartWith("Area 1: width and height must be at least");
  });

  test("an unknown method", async () => {
    const result = await process({ filename, method: "erase", rectangles: [area] });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(
      "Unknown method: choose one of smartfill, delogo, blur, pixelate, black",
    );
  });

  test("a body that is not JSON", async () => {
    const response = await fetch(`${server.url}/api/process`, { method: "POST", body: "{oops" });
    expect(response.status).toBe(400);
  });

  test("after all that the upload is still there to process, once", async () => {
    const first = await process({ filename, method: "black", rectangles: [area] });
    expect(first.status).toBe(200);
    const again = await process({ filename, method: "black", rectangles: [area] });
    expect(again.status).toBe(404);
  });
});
