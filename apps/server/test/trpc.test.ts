import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { MEDIA_DIR, trpc, uploadedName } from "./support/client";
import { type RunningServer, startServer } from "./support/server-process";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ database: "pglite", queue: "in-process" });
});
afterAll(() => server?.stop());

const call = (kind: "query" | "mutation", path: string, input: unknown) =>
  trpc(server.url, kind, path, input);

test("video.process answers at once with a job id; video.status reports progress to completion", async () => {
  const filename = await uploadedName(
    server.url,
    join(MEDIA_DIR, "butterfly_thistle_audio_1280x720.mp4"),
  );
  const started = await call("mutation", "video.process", {
    filename,
    method: "blur",
    rectangles: [{ x: 100, y: 100, width: 300, height: 200 }],
  });
  expect(started.status).toBe(200);
  const { jobId } = started.body.result.data;
  expect(jobId).toMatch(/^[0-9a-f-]{36}$/);

  const seen: { status: string; progress: number }[] = [];
  for (let i = 0; i < 600; i++) {
    const { body } = await call("query", "video.status", { jobId });
    const job = body.result.data;
    seen.push({ status: job.status, progress: job.progress });
    if (job.status === "completed" || job.status === "failed") break;
    await Bun.sleep(100);
  }
  const last = seen.at(-1);
  expect(last).toEqual({ status: "completed", progress: 100 });
  expect(seen[0]?.status).not.toBe("completed");
  const progresses = seen.map((s) => s.progress);
  expect(progresses).toEqual([...progresses].sort((a, b) => a - b));
  expect(progresses.some((p) => p > 0 && p < 100)).toBe(true);
});

test("service errors keep their meaning over tRPC", async () => {
  const missing = await call("mutation", "video.process", {
    filename: "0123456789abcdef0123456789abcdef.mp4",
    method: "blur",
    rectangles: [{ x: 0, y: 0, width: 10, height: 10 }],
  });
  expect(missing.status).toBe(404);
  expect(missing.body.error.message).toBe("Video not found: upload it again");
  const badInput = await call("query", "video.status", { jobId: "nope" });
  expect(badInput.status).toBe(400);
});
