import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import {
  type ConnectionCounter,
  listenForConnections,
  scratchDir,
  writeFfconcat,
  writeFtypPlaylist,
  writeGab2Avi,
  writeHlsPlaylist,
  writeHugeY4m,
} from "@wr/engine/testing";
import postgres from "postgres";
import { type Json, upload } from "./support/client";
import { type RunningServer, startServer } from "./support/server-process";

let server: RunningServer;
let sql: postgres.Sql;
let listener: ConnectionCounter;
let scratch: Awaited<ReturnType<typeof scratchDir>>;

beforeAll(async () => {
  [server, scratch] = await Promise.all([
    startServer({ database: "postgres", queue: "bullmq" }),
    scratchDir(),
  ]);
  sql = postgres(server.databaseUrl ?? "", { max: 1, onnotice: () => {} });
  listener = listenForConnections();
}, 120_000);
afterAll(async () => {
  listener?.close();
  await sql?.end();
  await server?.stop();
  await scratch?.remove();
});

test.each([
  [
    "an HLS playlist renamed .mp4, its segments on a local listener",
    () => writeHlsPlaylist(scratch.path, [listener.url]),
  ],
  [
    "an HLS playlist behind an ftyp box",
    () => writeFtypPlaylist(scratch.path, [listener.url, "file:///etc/passwd"]),
  ],
  [
    "an AVI carrying a GAB2 playlist that names /etc/passwd",
    () => writeGab2Avi(scratch.path, ["/etc/passwd", listener.url]),
  ],
  ["an ffconcat list naming /etc/passwd", () => writeFfconcat(scratch.path, "/etc/passwd")],
  ["a header claiming 100000x100000 pixels", () => writeHugeY4m(scratch.path)],
])("%s is refused with a 4xx", async (_name, write) => {
  const path = await write();
  const result = await upload(server.url, path);
  expect(result.status).toBeGreaterThanOrEqual(400);
  expect(result.status).toBeLessThan(500);
  expect(result.body.success).toBe(false);
  expect(JSON.stringify(result.body)).not.toContain("root:");
});

test("none of them reached a URL, was recorded, queued or kept", async () => {
  expect(listener.connections()).toBe(0);
  const rows = await sql`select count(*)::int as count from videos`;
  expect(rows[0]?.count).toBe(0);
  expect(await readdir(join(server.dataDir, "uploads"))).toEqual([]);
  expect(await readdir(join(server.dataDir, "results"))).toEqual([]);
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as Json;
  expect(health.queue).toMatchObject({ kind: "bullmq", ok: true, waiting: 0, active: 0 });
});
