import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { TRIAL_MESSAGES } from "@wr/contracts";
import {
  type Account,
  freshFingerprint,
  loginToken,
  me,
  processVideo,
  register,
  request,
  startWithDatabase,
  stopAll,
  type TestEnv,
  uploadAndProcess,
  uploadSmall,
} from "./support/accounts";

const TIMEOUT = 120_000;
const ADMIN = { ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "admin-password-1" };

/** CREDITS_REQUIRED=true. */
let paid: TestEnv;
/** CREDITS_REQUIRED left at its default (false). */
let free: TestEnv;
/** CREDITS_REQUIRED=true and JOB_TIMEOUT_S=0.01: every job fails. */
let paidFailing: TestEnv;

beforeAll(async () => {
  [paid, free, paidFailing] = await Promise.all([
    startWithDatabase({ ...ADMIN, CREDITS_REQUIRED: "true" }),
    startWithDatabase({ ...ADMIN, CREDITS_REQUIRED: undefined }),
    startWithDatabase({ ...ADMIN, CREDITS_REQUIRED: "true", JOB_TIMEOUT_S: "0.01" }),
  ]);
}, TIMEOUT);
afterAll(() => stopAll([paid, free, paidFailing]), TIMEOUT);

async function setCredits(env: TestEnv, account: Account, credits: number) {
  const admin = await loginToken(env.server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const result = await request(
    env.server.url,
    "POST",
    `/api/admin/users/${account.user._id}/credits`,
    {
      token: admin,
      body: { credits },
    },
  );
  expect(result.status).toBe(200);
  expect(result.body.user.credits).toBe(credits);
}

/** The user's credits and count of completed videos, as GET /api/auth/me tells them. */
async function balance(env: TestEnv, user: Account) {
  const result = await me(env.server.url, user.token);
  expect(result.status).toBe(200);
  return {
    credits: result.body.user.credits,
    totalVideosProcessed: result.body.user.totalVideosProcessed,
  };
}

const NO_CREDITS = {
  success: false,
  needsPayment: true,
  error: TRIAL_MESSAGES.noCredits,
};

describe("CREDITS_REQUIRED=true", () => {
  const url = () => paid.server.url;

  test("a new user has 0 credits and is refused with 402 needsPayment; the upload is not processed", async () => {
    const user = await register(url());
    expect(user.user.credits).toBe(0);
    const filename = await uploadSmall(url(), { token: user.token });
    const refused = await processVideo(url(), filename, { token: user.token, fingerprint: null });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual(NO_CREDITS);
    const rows = await paid.sql`select status from videos where upload_filename = ${filename}`;
    expect(rows[0]?.status).toBe("uploaded");
    expect(await balance(paid, user)).toEqual({ credits: 0, totalVideosProcessed: 0 });
  });

  test("each video costs one credit set by the admin; totalVideosProcessed counts them; at 0 the next is 402", async () => {
    const user = await register(url());
    await setCredits(paid, user, 2);
    const caller = { token: user.token, fingerprint: null };

    const first = await uploadAndProcess(url(), caller);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, filename: expect.any(String) });
    expect(await balance(paid, user)).toEqual({ credits: 1, totalVideosProcessed: 1 });

    expect((await uploadAndProcess(url(), caller)).status).toBe(200);
    expect(await balance(paid, user)).toEqual({ credits: 0, totalVideosProcessed: 2 });

    const refused = await uploadAndProcess(url(), caller);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual(NO_CREDITS);
    expect(await balance(paid, user)).toEqual({ credits: 0, totalVideosProcessed: 2 });
  }, 60_000);

  test("concurrent process calls spend no more credits than the user has: 2 credits, 6 calls, two processed", async () => {
    const user = await register(url());
    await setCredits(paid, user, 2);
    const filenames = await Promise.all(
      Array.from({ length: 6 }, () => uploadSmall(url(), { token: user.token })),
    );
    const results = await Promise.all(
      filenames.map((filename) => processVideo(url(), filename, { token: user.token })),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([200, 200, 402, 402, 402, 402]);
    expect(await balance(paid, user)).toEqual({ credits: 0, totalVideosProcessed: 2 });
    const row = await paid.sql`select credits from users where id = ${user.user._id}`;
    expect(row[0]?.credits).toBe(0);
  }, 45_000);

  test("guests still use the free trial, not credits", async () => {
    const result = await uploadAndProcess(url(), { fingerprint: freshFingerprint() });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: true, freeTrialInfo: { used: 1 } });
  }, 30_000);
});

describe("CREDITS_REQUIRED at its default (false)", () => {
  test("a user with 0 credits processes without a fingerprint; credits stay 0; each completed video is counted", async () => {
    const url = free.server.url;
    const user = await register(url);
    for (let i = 1; i <= 2; i++) {
      const result = await uploadAndProcess(url, { token: user.token, fingerprint: null });
      expect(result.status).toBe(200);
      expect(result.body.success).toBe(true);
      expect(await balance(free, user)).toEqual({ credits: 0, totalVideosProcessed: i });
    }
    const videos = await free.sql`
      select count(*)::int as n from videos where user_id = ${user.user._id} and status = 'completed'`;
    expect(videos[0]?.n).toBe(2);
  }, 60_000);
});

describe("CREDITS_REQUIRED=true, JOB_TIMEOUT_S=0.01 (every job fails)", () => {
  test("a failed job answers 500 Processing failed and gives the credit back; nothing is counted", async () => {
    const url = paidFailing.server.url;
    const user = await register(url);
    await setCredits(paidFailing, user, 1);
    const failed = await uploadAndProcess(url, { token: user.token, fingerprint: null });
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ success: false, error: "Processing failed" });
    expect(typeof failed.body.details).toBe("string");
    expect(await balance(paidFailing, user)).toEqual({ credits: 1, totalVideosProcessed: 0 });
    // The credit given back pays for the next try (which fails as well, and is given back again).
    const again = await uploadAndProcess(url, { token: user.token, fingerprint: null });
    expect(again.status).toBe(500);
    expect(await balance(paidFailing, user)).toEqual({ credits: 1, totalVideosProcessed: 0 });
  }, 60_000);
});
