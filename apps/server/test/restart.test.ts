import { afterAll, expect, test } from "bun:test";
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Json, MEDIA_DIR, trpc, uploadedName } from "./support/client";
import { type RunningServer, startServer } from "./support/server-process";

const mode = { database: "pglite", queue: "in-process" } as const;
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

async function call(server: RunningServer, path: string, input: unknown, post = false) {
  const answer = await trpc(server.url, post ? "mutation" : "query", path, input);
  return answer.body.result.data as Json;
}

test("a crash mid-job loses nothing: after a restart the job completes and leftovers are swept", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "wr-restart-"));
  const first = await startServer(mode, {}, { dataDir });
  const filename = await uploadedName(
    first.url,
    join(MEDIA_DIR, "butterfly_thistle_audio_1280x720.mp4"),
  );
  const { jobId } = await call(
    first,
    "video.process",
    { filename, method: "smartfill", rectangles: [{ x: 40, y: 40, width: 320, height: 160 }] },
    true,
  );
  for (let i = 0; i < 300; i++) {
    const job = await call(first, "video.status", { jobId });
    if (job.status === "processing" && job.progress > 0) break;
    expect(job.status).not.toBe("completed");
    await Bun.sleep(50);
  }
  await first.crash();

  // What a crash leaves behind: a file no row knows, and a scratch file, both old.
  const anHourAgo = new Date(Date.now() - 3600_000);
  const orphan = join(dataDir, "uploads", "0123456789abcdef0123456789abcdef.mp4");
  const scratch = join(dataDir, "tmp", "upload-dead.part");
  for (const path of [orphan, scratch]) {
    await writeFile(path, "left behind");
    await utimes(path, anHourAgo, anHourAgo);
  }

  const second = await startServer(mode, {}, { dataDir });
  servers.push(second);
  let job: Json = null;
  for (let i = 0; i < 1200; i++) {
    job = await call(second, "video.status", { jobId });
    if (job.status === "completed" || job.status === "failed") break;
    await Bun.sleep(100);
  }
  expect(job).toMatchObject({ status: "completed", progress: 100 });
  const stream = await fetch(`${second.url}/api/stream/${job.filename}`);
  expect(stream.status).toBe(200);
  expect((await stream.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

  expect(await readdir(join(dataDir, "uploads"))).toEqual([]);
  expect(await readdir(join(dataDir, "tmp"))).not.toContain("upload-dead.part");
  await second.stop();
  servers.pop();
  await rm(dataDir, { recursive: true, force: true });
}, 240_000);
