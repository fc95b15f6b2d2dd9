import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { type Json, MEDIA_DIR, postJson, uploadedName } from "./support/client";
import { type RunningServer, startServer } from "./support/server-process";

let server: RunningServer;
beforeAll(async () => {
  // Nothing listens on port 1: the queue's Redis is down from the start.
  server = await startServer(
    { database: "pglite", queue: "in-process" },
    { REDIS_URL: "redis://127.0.0.1:1", EMBEDDED_WORKER: "false" },
  );
});
afterAll(() => server?.stop());

test("while Redis is down: health says so, processing answers 503 with a clear message", async () => {
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as Json;
  expect(health).toMatchObject({ status: "degraded", queue: { kind: "bullmq", ok: false } });

  const filename = await uploadedName(
    server.url,
    join(MEDIA_DIR, "parking_lot_topdown_static_640x360.mp4"),
  );
  const area = { x: 10, y: 10, width: 50, height: 50 };
  const result = await postJson(server.url, "/api/process", {
    filename,
    method: "blur",
    rectangles: [area],
  });
  expect(result.status).toBe(503);
  expect(result.body).toEqual({
    success: false,
    error: "The processing queue is unavailable right now. Please try again in a minute.",
  });

  // The upload was handed back, not lost: it can be processed once the queue is back.
  const again = await postJson(server.url, "/api/process", {
    filename,
    method: "blur",
    rectangles: [area],
  });
  expect(again.status).toBe(503);
}, 60_000);
