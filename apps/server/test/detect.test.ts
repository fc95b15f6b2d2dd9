import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { AUTH_MESSAGES, detectResultSchema, MESSAGES, TRIAL_MESSAGES } from "@wr/contracts";
import {
  expectError,
  freshFingerprint,
  processVideo,
  register,
  request,
  startWithDatabase,
  stopAll,
  type TestEnv,
  uploadSmall,
} from "./support/accounts";
import { type ApiAnswer, type Caller, trpc } from "./support/client";

/**
 * POST /api/detect and tRPC video.detect over real HTTP: who may ask (the same rules and
 * refusals as processing), what the answer looks like, and that asking costs nothing.
 * Whether detection finds a real mark is detect-finds-mark.test.ts.
 */

const TIMEOUT = 120_000;
/** Detection reads the whole clip: more time than a plain request, less than bun's limit. */
const DETECT_TIMEOUT_MS = 90_000;
const UNKNOWN_NAME = "0123456789abcdef0123456789abcdef.mp4";

/** FREE_TRIAL_LIMIT=1: a guest has one free video. */
let guests: TestEnv;
/** CREDITS_REQUIRED=true: a signed-in user pays a credit per video. */
let paid: TestEnv;

beforeAll(async () => {
  [guests, paid] = await Promise.all([
    startWithDatabase({ FREE_TRIAL_LIMIT: "1" }),
    startWithDatabase({ CREDITS_REQUIRED: "true" }),
  ]);
}, TIMEOUT);
afterAll(() => stopAll([guests, paid]), TIMEOUT);

function detect(base: string, body: unknown, caller: Caller = {}): Promise<ApiAnswer> {
  return request(base, "POST", "/api/detect", { ...caller, body, timeoutMs: DETECT_TIMEOUT_MS });
}

/** A 200 answer of exactly the contract's shape, every area inside the 640x360 clip. */
function expectAreas(result: ApiAnswer): void {
  expect(result.status).toBe(200);
  expect(Object.keys(result.body).sort()).toEqual(["areas", "success"]);
  const parsed = detectResultSchema.parse(result.body);
  for (const area of parsed.areas) {
    expect(area.x).toBeGreaterThanOrEqual(0);
    expect(area.y).toBeGreaterThanOrEqual(0);
    expect(area.width).toBeGreaterThan(0);
    expect(area.height).toBeGreaterThan(0);
    expect(area.x + area.width).toBeLessThanOrEqual(640);
    expect(area.y + area.height).toBeLessThanOrEqual(360);
    expect(area.startTime).toBeGreaterThanOrEqual(0);
    expect(area.endTime).toBeGreaterThan(area.startTime);
  }
}

const trialStatus = (base: string, fingerprint: string) =>
  request(base, "GET", "/api/free-trial-status", { fingerprint });

describe("a guest (FREE_TRIAL_LIMIT=1)", () => {
  const url = () => guests.server.url;

  test(
    "detection on a fresh upload answers {success: true, areas} and leaves the free video unused; the upload can still be processed",
    async () => {
      const fingerprint = freshFingerprint("detect");
      const filename = await uploadSmall(url(), { fingerprint });
      const before = await trialStatus(url(), fingerprint);
      expect(before.body).toEqual({ used: 0, limit: 1, remaining: 1, blocked: false });

      expectAreas(await detect(url(), { filename }, { fingerprint }));
      // Asking twice costs nothing either.
      expectAreas(await detect(url(), { filename }, { fingerprint }));

      expect((await trialStatus(url(), fingerprint)).body).toEqual(before.body);
      const sessions =
        await guests.sql`select 1 from anonymous_sessions where fingerprint = ${fingerprint}`;
      expect(sessions.length).toBe(0);
      const rows = await guests.sql`select status from videos where upload_filename = ${filename}`;
      expect(rows[0]?.status).toBe("uploaded");

      const processed = await processVideo(url(), filename, { fingerprint });
      expect(processed.status).toBe(200);
      expect(processed.body.freeTrialInfo).toEqual({
        used: 1,
        limit: 1,
        remaining: 0,
        blocked: false,
      });
    },
    TIMEOUT,
  );

  test(
    "a guest with no free video left gets the very refusal /api/process gives: 403, needsAuth, freeTrialInfo",
    async () => {
      const fingerprint = freshFingerprint("spent");
      expect(
        (await processVideo(url(), await uploadSmall(url(), { fingerprint }), { fingerprint }))
          .status,
      ).toBe(200);

      const filename = await uploadSmall(url(), { fingerprint });
      const detected = await detect(url(), { filename }, { fingerprint });
      const processed = await processVideo(url(), filename, { fingerprint });
      expect(detected.status).toBe(403);
      expect(detected.body).toEqual({
        success: false,
        needsAuth: true,
        error: TRIAL_MESSAGES.limitReached,
        freeTrialInfo: { used: 1, limit: 1, remaining: 0, blocked: false },
      });
      expect({ status: processed.status, body: processed.body }).toEqual({
        status: detected.status,
        body: detected.body,
      });
    },
    TIMEOUT,
  );

  test("a blocked guest is refused as processing refuses them: 403 with the blocked message", async () => {
    const fingerprint = freshFingerprint("blocked");
    const filename = await uploadSmall(url(), { fingerprint });
    await guests.sql`insert into anonymous_sessions (fingerprint, ip_address, is_blocked)
      values (${fingerprint}, '127.0.0.1', true)`;
    const detected = await detect(url(), { filename }, { fingerprint });
    expect(detected.status).toBe(403);
    expect(detected.body).toMatchObject({ needsAuth: true, error: TRIAL_MESSAGES.blocked });
    expect(detected.body).toEqual((await processVideo(url(), filename, { fingerprint })).body);
  });

  test("a guest without a fingerprint gets 400 as on /api/process", async () => {
    const filename = await uploadSmall(url());
    const detected = await detect(url(), { filename }, { fingerprint: null });
    expectError(detected, 400, TRIAL_MESSAGES.fingerprintRequired);
    expectError(
      await processVideo(url(), filename, { fingerprint: null }),
      400,
      TRIAL_MESSAGES.fingerprintRequired,
    );
  });

  test("an unknown upload and a name the server never makes are 404 'Video not found'", async () => {
    for (const filename of [UNKNOWN_NAME, "../../etc/passwd", "x".repeat(300)]) {
      expectError(await detect(url(), { filename }), 404, MESSAGES.videoNotFound);
    }
  });

  test("an upload whose file has gone from the disk is 404 'Video not found'", async () => {
    const fingerprint = freshFingerprint("gone");
    const filename = await uploadSmall(url(), { fingerprint });
    await rm(join(guests.server.dataDir, "uploads", filename));
    expectError(await detect(url(), { filename }, { fingerprint }), 404, MESSAGES.videoNotFound);
  });

  test(
    "an upload already processed is refused as processing it again is",
    async () => {
      const other = await register(url());
      const filename = await uploadSmall(url(), { token: other.token });
      expect((await processVideo(url(), filename, { token: other.token })).status).toBe(200);
      const detected = await detect(url(), { filename }, { token: other.token });
      const again = await processVideo(url(), filename, { token: other.token });
      expectError(detected, 404, MESSAGES.videoNotFound);
      expect({ status: again.status, body: again.body }).toEqual({
        status: detected.status,
        body: detected.body,
      });
    },
    TIMEOUT,
  );

  test("a bad body is a 400 with a message: no JSON, no filename, a filename that is not text", async () => {
    const raw = await request(url(), "POST", "/api/detect", {
      body: "not json",
      headers: { "content-type": "application/json" },
    });
    expectError(raw, 400, "Send a JSON body");
    expectError(await detect(url(), {}), 400, "filename is required");
    expectError(await detect(url(), { filename: "" }), 400, "filename is required");
    expectError(await detect(url(), { filename: 42 }), 400, "filename is required");
  });
});

describe("signed-in users", () => {
  test(
    "someone else's upload is 404 for another user and for a guest; its owner gets the areas",
    async () => {
      const url = guests.server.url;
      const [owner, stranger] = await Promise.all([register(url), register(url)]);
      const filename = await uploadSmall(url, { token: owner.token });
      expectError(
        await detect(url, { filename }, { token: stranger.token }),
        404,
        MESSAGES.videoNotFound,
      );
      expectError(await detect(url, { filename }), 404, MESSAGES.videoNotFound);
      expectAreas(await detect(url, { filename }, { token: owner.token }));
    },
    TIMEOUT,
  );

  test("a token that no longer stands for a session is 401, as on /api/process", async () => {
    const url = guests.server.url;
    const filename = await uploadSmall(url);
    const token = "0".repeat(40);
    expectError(await detect(url, { filename }, { token }), 401, AUTH_MESSAGES.notAuthenticated);
    expectError(await processVideo(url, filename, { token }), 401, AUTH_MESSAGES.notAuthenticated);
  });

  test(
    "CREDITS_REQUIRED: 0 credits is the 402 needsPayment of /api/process; with a credit, detection leaves it unspent",
    async () => {
      const url = paid.server.url;
      const user = await register(url);
      const filename = await uploadSmall(url, { token: user.token });
      const detected = await detect(url, { filename }, { token: user.token });
      expect(detected.status).toBe(402);
      expect(detected.body).toMatchObject({ success: false, needsPayment: true });
      expect(detected.body).toEqual(
        (await processVideo(url, filename, { token: user.token })).body,
      );

      await paid.sql`update users set credits = 1 where id = ${user.user._id}`;
      expectAreas(await detect(url, { filename }, { token: user.token }));
      const rows = await paid.sql`select credits from users where id = ${user.user._id}`;
      expect(rows[0]?.credits).toBe(1);
    },
    TIMEOUT,
  );
});

describe("tRPC video.detect", () => {
  test(
    "gives the REST answer for the same upload, and the same 404 for an unknown one",
    async () => {
      const url = guests.server.url;
      const fingerprint = freshFingerprint("trpc");
      const filename = await uploadSmall(url, { fingerprint });
      const rest = await detect(url, { filename }, { fingerprint });
      expectAreas(rest);
      const viaTrpc = await trpc(url, "mutation", "video.detect", { filename }, { fingerprint });
      expect(viaTrpc.status).toBe(200);
      expect(viaTrpc.body.result.data).toEqual(rest.body);
      expect((await trialStatus(url, fingerprint)).body.remaining).toBe(1);

      const missing = await trpc(url, "mutation", "video.detect", { filename: UNKNOWN_NAME });
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe(MESSAGES.videoNotFound);
      const refused = await trpc(
        url,
        "mutation",
        "video.detect",
        { filename },
        { fingerprint: null },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(TRIAL_MESSAGES.fingerprintRequired);
    },
    TIMEOUT,
  );
});
