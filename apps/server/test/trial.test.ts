import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { TRIAL_MESSAGES } from "@wr/contracts";
import {
  expectError,
  freshFingerprint,
  millis,
  processVideo,
  register,
  request,
  startWithDatabase,
  stopAll,
  type TestEnv,
  uploadAndProcess,
  uploadSmall,
} from "./support/accounts";
import type { Caller } from "./support/client";

const TIMEOUT = 120_000;

/** The default FREE_TRIAL_LIMIT (2); no per-IP limit in the way. */
let base: TestEnv;
/** FREE_TRIAL_LIMIT=1. */
let racing: TestEnv;
/** FREE_TRIAL_IP_LIMIT=2, FREE_TRIAL_LIMIT=5, no TRUST_PROXY. */
let direct: TestEnv;
/** TRUST_PROXY=true, FREE_TRIAL_IP_LIMIT=2, FREE_TRIAL_LIMIT=5. */
let proxied: TestEnv;
/** JOB_TIMEOUT_S=0.01: every job fails. FREE_TRIAL_LIMIT=1, FREE_TRIAL_IP_LIMIT=1. */
let failing: TestEnv;

beforeAll(async () => {
  [base, racing, direct, proxied, failing] = await Promise.all([
    startWithDatabase({ FREE_TRIAL_LIMIT: undefined }),
    startWithDatabase({ FREE_TRIAL_LIMIT: "1" }),
    startWithDatabase({ FREE_TRIAL_IP_LIMIT: "2", FREE_TRIAL_LIMIT: "5" }),
    startWithDatabase({ TRUST_PROXY: "true", FREE_TRIAL_IP_LIMIT: "2", FREE_TRIAL_LIMIT: "5" }),
    startWithDatabase({ JOB_TIMEOUT_S: "0.01", FREE_TRIAL_LIMIT: "1", FREE_TRIAL_IP_LIMIT: "1" }),
  ]);
}, TIMEOUT);
afterAll(() => stopAll([base, racing, direct, proxied, failing]), TIMEOUT);

const trialStatus = (url: string, caller: Caller & { headers?: Record<string, string> } = {}) =>
  request(url, "GET", "/api/free-trial-status", caller);

async function trialRow(env: TestEnv, fingerprint: string) {
  const rows = await env.sql`select * from anonymous_sessions where fingerprint = ${fingerprint}`;
  return rows[0];
}

describe("the x-fingerprint header (default FREE_TRIAL_LIMIT)", () => {
  const url = () => base.server.url;

  test("free-trial-status for a fingerprint never seen: used 0 of the default limit 2, not blocked", async () => {
    const result = await trialStatus(url(), { fingerprint: freshFingerprint() });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ used: 0, limit: 2, remaining: 2, blocked: false });
  });

  const malformed: [string, string | null][] = [
    ["missing", null],
    ["7 characters", "abc1234"],
    ["257 characters", "f".repeat(257)],
    ["with a space inside", "has space inside"],
    ["with a non-ASCII character", "fingerprint-\u00e9-1234"],
  ];

  test.each(malformed)(
    "a guest with an x-fingerprint %s gets 400 on free-trial-status",
    async (_, fingerprint) => {
      const result = await trialStatus(url(), { fingerprint });
      expectError(result, 400, TRIAL_MESSAGES.fingerprintRequired);
    },
  );

  test.each(malformed)(
    "a guest with an x-fingerprint %s gets 400 on process, and the upload is kept",
    async (_, fingerprint) => {
      const filename = await uploadSmall(url());
      const refused = await processVideo(url(), filename, { fingerprint });
      expectError(refused, 400, TRIAL_MESSAGES.fingerprintRequired);
      const rows = await base.sql`select status from videos where upload_filename = ${filename}`;
      expect(rows[0]?.status).toBe("uploaded");
    },
  );

  test("fingerprints of 8 and 256 printable characters are accepted", async () => {
    for (const fingerprint of ["abcd1234", `${"x".repeat(250)}!~{}#$`]) {
      const result = await trialStatus(url(), { fingerprint });
      expect(result.status).toBe(200);
      expect(result.body.used).toBe(0);
    }
  });
});

describe("the allowance per fingerprint (default FREE_TRIAL_LIMIT = 2)", () => {
  const url = () => base.server.url;
  const fingerprint = freshFingerprint("guest");

  test("a guest processes videos up to the limit, each answer carrying its freeTrialInfo", async () => {
    const first = await uploadAndProcess(url(), { fingerprint });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      filename: expect.any(String),
      freeTrialInfo: { used: 1, limit: 2, remaining: 1, blocked: false },
    });
    expect((await trialStatus(url(), { fingerprint })).body).toEqual({
      used: 1,
      limit: 2,
      remaining: 1,
      blocked: false,
    });
    const second = await uploadAndProcess(url(), { fingerprint });
    expect(second.status).toBe(200);
    expect(second.body.freeTrialInfo).toEqual({ used: 2, limit: 2, remaining: 0, blocked: false });
    const download = await fetch(`${url()}/api/download/${second.body.filename}`);
    expect(download.status).toBe(200);
    await download.arrayBuffer();
  }, 60_000);

  test("over the limit: 403 with needsAuth, the message and freeTrialInfo; the upload is not processed", async () => {
    const filename = await uploadSmall(url(), { fingerprint });
    const refused = await processVideo(url(), filename, { fingerprint });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      needsAuth: true,
      error: TRIAL_MESSAGES.limitReached,
      freeTrialInfo: { used: 2, limit: 2, remaining: 0, blocked: false },
    });
    const rows = await base.sql`select status from videos where upload_filename = ${filename}`;
    expect(rows[0]?.status).toBe("uploaded");
    expect((await trialStatus(url(), { fingerprint })).body).toEqual({
      used: 2,
      limit: 2,
      remaining: 0,
      blocked: false,
    });
  });

  test("the anonymous session row holds the fingerprint, client IP and count, and owns its videos", async () => {
    const row = await trialRow(base, fingerprint);
    expect(row).toMatchObject({ fingerprint, videos_processed: 2, is_blocked: false });
    expect(String(row?.ip_address)).toMatch(/127\.0\.0\.1$/);
    expect(millis(row?.last_used)).toBeGreaterThanOrEqual(millis(row?.created_at));
    const videos = await base.sql`
      select user_id, status from videos where anonymous_session_id = ${row?.id} and status = 'completed'`;
    expect(videos).toHaveLength(2);
    expect(videos.every((video) => video.user_id === null)).toBe(true);
  });

  test("another fingerprint from the same address has its own allowance", async () => {
    const other = freshFingerprint("guest");
    const result = await uploadAndProcess(url(), { fingerprint: other });
    expect(result.status).toBe(200);
    expect(result.body.freeTrialInfo).toEqual({ used: 1, limit: 2, remaining: 1, blocked: false });
  }, 30_000);

  test("a signed-in user is not held to the trial: no x-fingerprint needed, a used-up one does not matter", async () => {
    const account = await register(url());
    const withoutFingerprint = await uploadAndProcess(url(), {
      token: account.token,
      fingerprint: null,
    });
    expect(withoutFingerprint.status).toBe(200);
    expect(withoutFingerprint.body).toMatchObject({ success: true, filename: expect.any(String) });
    const onUsedUpBrowser = await uploadAndProcess(url(), { token: account.token, fingerprint });
    expect(onUsedUpBrowser.status).toBe(200);
    expect(onUsedUpBrowser.body.success).toBe(true);
    expect((await trialRow(base, fingerprint))?.videos_processed).toBe(2);
    const videos = await base.sql`
      select count(*)::int as n from videos where user_id = ${account.user._id} and status = 'completed'`;
    expect(videos[0]?.n).toBe(2);
  }, 60_000);

  test("a blocked trial session is refused with 403 needsAuth, and its status says blocked", async () => {
    const blocked = freshFingerprint("blocked");
    expect((await uploadAndProcess(url(), { fingerprint: blocked })).status).toBe(200);
    await base.sql`update anonymous_sessions set is_blocked = true where fingerprint = ${blocked}`;
    const filename = await uploadSmall(url(), { fingerprint: blocked });
    const refused = await processVideo(url(), filename, { fingerprint: blocked });
    expect(refused.status).toBe(403);
    expect(Object.keys(refused.body).sort()).toEqual([
      "error",
      "freeTrialInfo",
      "needsAuth",
      "success",
    ]);
    expect(refused.body).toMatchObject({
      success: false,
      needsAuth: true,
      error: TRIAL_MESSAGES.blocked,
      freeTrialInfo: { used: 1, limit: 2, blocked: true },
    });
    const status = await trialStatus(url(), { fingerprint: blocked });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ used: 1, limit: 2, blocked: true });
    expect((await trialRow(base, blocked))?.videos_processed).toBe(1);
  }, 30_000);
});

describe("FREE_TRIAL_LIMIT=1", () => {
  const url = () => racing.server.url;

  test("20 concurrent process calls from one fingerprint: exactly one is processed, 19 are 403 needsAuth", async () => {
    const fingerprint = freshFingerprint("racer");
    const filenames = await Promise.all(
      Array.from({ length: 20 }, () => uploadSmall(url(), { fingerprint })),
    );
    const results = await Promise.all(
      filenames.map((filename) => processVideo(url(), filename, { fingerprint })),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(403)]);
    for (const result of results.filter((r) => r.status === 403)) {
      expect(result.body).toMatchObject({
        success: false,
        needsAuth: true,
        error: TRIAL_MESSAGES.limitReached,
      });
    }
    expect((await trialRow(racing, fingerprint))?.videos_processed).toBe(1);
    const processed = await racing.sql`
      select count(*)::int as n from videos where status <> 'uploaded'`;
    expect(processed[0]?.n).toBe(1);
  }, 30_000);
});

describe("FREE_TRIAL_IP_LIMIT=2, FREE_TRIAL_LIMIT=5, without TRUST_PROXY", () => {
  const url = () => direct.server.url;

  test("X-Forwarded-For is ignored: guests with different forwarded addresses share 127.0.0.1's allowance", async () => {
    const b = freshFingerprint("b");
    const c = freshFingerprint("c");
    const d = freshFingerprint("d");
    const viaB = await uploadAndProcess(url(), {
      fingerprint: b,
      headers: { "x-forwarded-for": "198.51.100.4" },
    });
    expect(viaB.status).toBe(200);
    const viaC = await uploadAndProcess(url(), {
      fingerprint: c,
      headers: { "x-forwarded-for": "192.0.2.1" },
    });
    expect(viaC.status).toBe(200);
    const viaD = await uploadAndProcess(url(), {
      fingerprint: d,
      headers: { "x-forwarded-for": "203.0.113.99" },
    });
    expect(viaD.status).toBe(403);
    expect(viaD.body).toMatchObject({
      success: false,
      needsAuth: true,
      error: TRIAL_MESSAGES.limitReached,
      freeTrialInfo: expect.any(Object),
    });
    expect(String((await trialRow(direct, b))?.ip_address)).toMatch(/127\.0\.0\.1$/);
  }, 60_000);
});

describe("TRUST_PROXY=true, FREE_TRIAL_IP_LIMIT=2, FREE_TRIAL_LIMIT=5", () => {
  const url = () => proxied.server.url;
  const from = (address: string) => ({
    fingerprint: freshFingerprint("proxied"),
    headers: { "x-forwarded-for": address },
  });

  function expectLimitReached(result: Awaited<ReturnType<typeof uploadAndProcess>>) {
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({
      success: false,
      needsAuth: true,
      error: TRIAL_MESSAGES.limitReached,
      freeTrialInfo: expect.any(Object),
    });
  }

  test("guests are counted per /24 of the forwarded address: the third video from 203.0.113.0/24 is refused", async () => {
    const first = from("203.0.113.7");
    expect((await uploadAndProcess(url(), first)).status).toBe(200);
    expect((await uploadAndProcess(url(), from("203.0.113.9"))).status).toBe(200);
    expectLimitReached(await uploadAndProcess(url(), from("203.0.113.7")));
    expectLimitReached(await uploadAndProcess(url(), from("203.0.113.200")));
    expect((await trialRow(proxied, first.fingerprint))?.ip_address).toBe("203.0.113.7");
  }, 60_000);

  test("a guest from another network (198.51.100.4) still works", async () => {
    const result = await uploadAndProcess(url(), from("198.51.100.4"));
    expect(result.status).toBe(200);
    expect(result.body.freeTrialInfo).toMatchObject({ used: 1, limit: 5, blocked: false });
  }, 30_000);

  test("the LAST X-Forwarded-For entry is the client, whatever comes before it", async () => {
    // First entry in a fresh block, last in the full 203.0.113.0/24: refused.
    expectLimitReached(await uploadAndProcess(url(), from("198.18.0.1, 203.0.113.20")));
    // First entry in the full block, last in a fresh one: processed, recorded as the last.
    const caller = from("203.0.113.30, 192.0.2.10");
    expect((await uploadAndProcess(url(), caller)).status).toBe(200);
    expect((await trialRow(proxied, caller.fingerprint))?.ip_address).toBe("192.0.2.10");
  }, 60_000);

  test("IPv6 guests are counted per /64", async () => {
    expect((await uploadAndProcess(url(), from("2001:db8:1:2::1"))).status).toBe(200);
    expect((await uploadAndProcess(url(), from("2001:db8:1:2:ffff::9"))).status).toBe(200);
    expectLimitReached(await uploadAndProcess(url(), from("2001:db8:1:2:abcd::1")));
    expect((await uploadAndProcess(url(), from("2001:db8:1:3::1"))).status).toBe(200);
  }, 60_000);

  test("free-trial-status for a fingerprint never seen still says used 0 of 5", async () => {
    const result = await trialStatus(url(), from("203.0.113.7"));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ used: 0, limit: 5 });
  });
});

describe("JOB_TIMEOUT_S=0.01 (every job fails), FREE_TRIAL_LIMIT=1, FREE_TRIAL_IP_LIMIT=1", () => {
  const url = () => failing.server.url;

  test("a failed job answers 500 Processing failed with details and gives the trial slot back", async () => {
    const fingerprint = freshFingerprint("unlucky");
    const failed = await uploadAndProcess(url(), { fingerprint });
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ success: false, error: "Processing failed" });
    expect(typeof failed.body.details).toBe("string");
    expect((await trialStatus(url(), { fingerprint })).body).toEqual({
      used: 0,
      limit: 1,
      remaining: 1,
      blocked: false,
    });
    expect((await trialRow(failing, fingerprint))?.videos_processed ?? 0).toBe(0);
  }, 60_000);

  test("after failures, both the fingerprint's and the network's slots are free: the next tries fail again, not 403", async () => {
    const fingerprint = freshFingerprint("unlucky");
    for (const caller of [{ fingerprint }, { fingerprint }, { fingerprint: freshFingerprint() }]) {
      const result = await uploadAndProcess(url(), caller);
      expect(result.status).toBe(500);
      expect(result.body.needsAuth).toBeUndefined();
    }
    expect((await trialStatus(url(), { fingerprint })).body.used).toBe(0);
  }, 60_000);
});
