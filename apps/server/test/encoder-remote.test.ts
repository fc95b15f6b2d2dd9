import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeVideo } from "@wr/engine/testing";
import { stopAll } from "./support/accounts";
import type { Json } from "./support/client";
import { type PoolServer, startPoolServer } from "./support/encoder-pool";

let pool: PoolServer;
let ownDir: string;
beforeAll(async () => {
  pool = await startPoolServer();
  ownDir = await mkdtemp(join(tmpdir(), "wr-remote-encoder-"));
}, 120_000);
afterAll(async () => {
  await stopAll([pool?.env]);
  if (ownDir) await rm(ownDir, { recursive: true, force: true });
});

const finished = (row: { status: string }) => ["completed", "failed"].includes(row.status);
const auth = () => ({ authorization: `Bearer ${pool.token}` });

/** Announces a 1 MB output, sends 64 KB of it, and hangs up, as a node that dies mid-upload. */
async function sendCutOffOutput(jobId: string): Promise<void> {
  const { hostname, port } = new URL(pool.url);
  const socket = await Bun.connect({ hostname, port: Number(port), socket: { data() {} } });
  socket.write(
    `PUT /api/internal/jobs/${jobId}/output HTTP/1.1\r\nHost: ${hostname}\r\n` +
      `Authorization: Bearer ${pool.token}\r\nContent-Length: 1048576\r\n\r\n`,
  );
  socket.write(new Uint8Array(65_536));
  await Bun.sleep(200);
  socket.end();
}

test("a remote encoder (its own DATA_DIR, no database) completes a job over the internal HTTP API", async () => {
  const remote = pool.env.server.startEncoder({
    DATABASE_URL: undefined,
    DATA_DIR: ownDir,
    SERVER_URL: pool.url,
    ENCODER_TOKEN: pool.token,
    ENCODER_CANDIDATES: "none",
  });
  const node = await pool.nodeOf(remote);
  expect(node).toMatchObject({ mode: "remote", encoders: ["libx264"] });

  const [jobId = ""] = await pool.startJobs(1);
  const row = await pool.rowWhen(jobId, "the remote job", finished);
  expect(row).toMatchObject({
    status: "completed",
    encoder_node: node.id,
    video_encoder: "libx264",
    error: null,
  });
  const download = await fetch(`${pool.url}/api/download/${row.result_filename}`);
  expect(download.status).toBe(200);
  const output = join(ownDir, "downloaded.mp4");
  await Bun.write(output, download);
  expect(await describeVideo(output)).toMatchObject({
    width: 640,
    height: 360,
    videoCodec: "h264",
  });
  // The node cleans up after itself: no input or output left in its scratch folder.
  expect(await readdir(join(ownDir, "tmp"))).toEqual([]);
  remote.kill("SIGTERM");
  expect(await remote.exited).toBe(0);
}, 120_000);

test("over the internal API, a cut-off output is never published and a second completion changes nothing", async () => {
  const resultsDir = join(pool.env.server.dataDir, "results");
  const resultsBefore = await readdir(resultsDir);
  const output = join(ownDir, "downloaded.mp4");
  // By hand, as a node would: claim a waiting job, then die mid-upload.
  const [jobId = ""] = await pool.startJobs(1);
  const claim = await fetch(`${pool.url}/api/internal/jobs/${jobId}/claim`, {
    method: "POST",
    headers: { ...auth(), "content-type": "application/json" },
    body: JSON.stringify({ node: "by-hand" }),
  });
  expect(((await claim.json()) as Json).job).toMatchObject({ videoId: jobId, method: "black" });
  await sendCutOffOutput(jobId);
  await Bun.sleep(500);
  expect((await pool.rowsOf([jobId]))[0]).toMatchObject({ status: "processing" });
  expect(await readdir(resultsDir)).toEqual(resultsBefore);
  const scratch = await readdir(join(pool.env.server.dataDir, "tmp"));
  expect(scratch.filter((name) => name.startsWith("output-"))).toEqual([]);

  // The whole output completes the job; sending it again (a re-run) changes nothing.
  const put = () =>
    fetch(`${pool.url}/api/internal/jobs/${jobId}/output`, {
      method: "PUT",
      headers: { ...auth(), "content-type": "video/mp4", "x-encoded-by": "by-hand" },
      body: Bun.file(output),
    });
  expect(await (await put()).json()).toEqual({ recorded: true });
  const [completed] = await pool.rowsOf([jobId]);
  expect(completed).toMatchObject({ status: "completed", encoder_node: "by-hand" });
  const resultsAfter = await readdir(resultsDir);
  expect(resultsAfter).toHaveLength(resultsBefore.length + 1);
  expect(await (await put()).json()).toEqual({ recorded: false });
  expect((await pool.rowsOf([jobId]))[0]).toEqual(completed);
  expect(await readdir(resultsDir)).toEqual(resultsAfter);
}, 60_000);

test("the internal API refuses a wrong or missing encoder token with 401", async () => {
  const refused = { success: false, error: "Unknown encoder token" };
  const someJob = crypto.randomUUID();
  const internal = (path: string) => `${pool.url}/api/internal${path}`;
  for (const authorization of [
    `Bearer ${pool.token}x`,
    "Bearer short",
    "",
    `Basic ${pool.token}`,
  ]) {
    const headers = authorization ? { authorization } : undefined;
    const ping = await fetch(internal("/ping"), { headers });
    expect({ status: ping.status, body: await ping.json() }).toEqual({
      status: 401,
      body: refused,
    });
    expect((await fetch(internal(`/jobs/${someJob}/input`), { headers })).status).toBe(401);
    const claim = await fetch(internal(`/jobs/${someJob}/claim`), {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ node: "intruder" }),
    });
    expect(claim.status).toBe(401);
  }
  expect((await fetch(internal("/ping"), { headers: auth() })).status).toBe(200);
  // With the right token, what is not a job is 404, and a bad body a clear 400.
  const traversal = await fetch(internal("/jobs/..%2f..%2fetc%2fpasswd/input"), {
    headers: auth(),
  });
  expect(traversal.status).toBe(404);
  expect((await fetch(internal(`/jobs/${someJob}/input`), { headers: auth() })).status).toBe(404);
  const badBody = await fetch(internal(`/jobs/${someJob}/progress`), {
    method: "POST",
    headers: { ...auth(), "content-type": "application/json" },
    body: "{not json",
  });
  expect({ status: badBody.status, body: await badBody.json() }).toEqual({
    status: 400,
    body: { success: false, error: "Send a JSON body" },
  });
  // A node started with a wrong token stops at once and says why.
  const intruder = pool.env.server.startEncoder({
    DATABASE_URL: undefined,
    SERVER_URL: pool.url,
    ENCODER_TOKEN: `${pool.token}-wrong`,
    ENCODER_CANDIDATES: "none",
  });
  expect(await intruder.exited).toBe(1);
  expect(intruder.logs()).toContain("401");
}, 60_000);
