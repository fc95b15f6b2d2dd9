import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN_MESSAGES, AUTH_MESSAGES, TRIAL_MESSAGES } from "@wr/contracts";
import {
  type Account,
  AREA,
  expectError,
  expectPublicUser,
  freshEmail,
  freshFingerprint,
  ISO_DATE,
  login,
  loginToken,
  me,
  POSTGRES,
  processVideo,
  RELAXED_LOGIN_LIMITS,
  register,
  request,
  runCli,
  startWithDatabase,
  stopAll,
  type TestEnv,
  UUID,
  uploadAndProcess,
  uploadSmall,
} from "./support/accounts";
import type { ApiAnswer, HttpMethod, Json } from "./support/client";
import { startServer } from "./support/server-process";

const TIMEOUT = 120_000;
const ADMIN_EMAIL = "root@example.com";
const ADMIN = { ADMIN_EMAIL, ADMIN_PASSWORD: "first-admin-password" };
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

let env: TestEnv;
let adminToken: string;
let alice: Account;
let bob: Account;
/** The fingerprint of a guest who processed one video. */
let guestFingerprint: string;
let guestTrialId: string;

const url = () => env.server.url;
const call = (method: HttpMethod, path: string, options: { token?: string; body?: unknown } = {}) =>
  request(url(), method, `/api/admin${path}`, options);

beforeAll(async () => {
  env = await startWithDatabase(ADMIN);
  adminToken = await loginToken(url(), ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  alice = await register(url(), { name: "Alice Admin-Wannabe" });
  bob = await register(url(), { name: "Bob Bystander" });
  // Alice's video: two areas, a name of her own.
  const filename = await uploadSmall(url(), { token: alice.token }, "alice holiday.mp4");
  const processed = await processVideo(url(), filename, { token: alice.token }, [
    AREA,
    { ...AREA, x: 200 },
  ]);
  if (processed.status !== 200) throw new Error(`setup: ${JSON.stringify(processed.body)}`);
  guestFingerprint = freshFingerprint("guest");
  const guest = await uploadAndProcess(url(), { fingerprint: guestFingerprint });
  if (guest.status !== 200) throw new Error(`setup: ${JSON.stringify(guest.body)}`);
  const rows = await env.sql`
    select id from anonymous_sessions where fingerprint = ${guestFingerprint}`;
  guestTrialId = String(rows[0]?.id);
}, TIMEOUT);
afterAll(() => stopAll([env]), TIMEOUT);

/** Every admin route, aimed at Bob and the guest's trial session. */
function adminRoutes(): [HttpMethod, string, unknown?][] {
  return [
    ["GET", "/stats"],
    ["GET", "/users"],
    ["GET", "/videos"],
    ["GET", "/free-trials"],
    ["POST", `/users/${bob.user._id}/credits`, { credits: 999 }],
    ["POST", `/users/${bob.user._id}/toggle-active`, { isActive: false }],
    ["POST", `/free-trials/${guestTrialId}/block`, {}],
  ];
}

async function snapshot() {
  const [users, trials, sessions] = await Promise.all([
    env.sql`select * from users order by id`,
    env.sql`select * from anonymous_sessions order by id`,
    env.sql`select * from sessions order by id`,
  ]);
  return { users, trials, sessions };
}

async function count(table: "users" | "videos" | "anonymous_sessions", where = env.sql`true`) {
  const rows = await env.sql`select count(*)::int as n from ${env.sql(table)} where ${where}`;
  return Number(rows[0]?.n);
}

describe("who may call the admin API", () => {
  test("without a token every admin route is 401 and changes nothing", async () => {
    const before = await snapshot();
    for (const [method, path, body] of adminRoutes()) {
      const result = await call(method, path, { body });
      expectError(result, 401, AUTH_MESSAGES.notAuthenticated);
    }
    expect(await snapshot()).toEqual(before);
  });

  test("a regular user gets 403 on every admin route, even aimed at another user, and no row changes", async () => {
    const before = await snapshot();
    for (const [method, path, body] of adminRoutes()) {
      const result = await call(method, path, { token: alice.token, body });
      expectError(result, 403, AUTH_MESSAGES.notAdmin);
    }
    // Aimed at herself too.
    const self = await call("POST", `/users/${alice.user._id}/credits`, {
      token: alice.token,
      body: { credits: 999 },
    });
    expectError(self, 403, AUTH_MESSAGES.notAdmin);
    expect(await snapshot()).toEqual(before);
    expect((await me(url(), bob.token)).status).toBe(200);
  });

  test("an unknown token is 401 on the admin API", async () => {
    expectError(
      await call("GET", "/stats", { token: "x".repeat(40) }),
      401,
      AUTH_MESSAGES.notAuthenticated,
    );
  });

  test("the tRPC admin tier guards too: admin.stats is 401 without a token, 403 for a user, data for the admin", async () => {
    const trpc = (token?: string) => request(url(), "GET", "/api/trpc/admin.stats", { token });
    const anonymous = await trpc();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.message).toBe(AUTH_MESSAGES.notAuthenticated);
    const user = await trpc(alice.token);
    expect(user.status).toBe(403);
    expect(user.body.error?.message).toBe(AUTH_MESSAGES.notAdmin);
    const admin = await trpc(adminToken);
    expect(admin.status).toBe(200);
    expect(Object.keys(admin.body.result.data).sort()).toEqual(
      [
        "activeUsers",
        "freeTrials",
        "pool",
        "totalUsers",
        "totalVideos",
        "videosBySubscription",
      ].sort(),
    );
  });
});

describe("the first admin", () => {
  test("ADMIN_EMAIL and ADMIN_PASSWORD at start create an admin who can log in", async () => {
    const result = await login(url(), ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    expect(result.status).toBe(200);
    expectPublicUser(result.body.user);
    expect(result.body.user).toMatchObject({ email: ADMIN_EMAIL, role: "admin", isActive: true });
    expect((await call("GET", "/stats", { token: result.body.token })).status).toBe(200);
  });
});

describe("stats and lists", () => {
  test("stats count users, active users, videos and trial sessions", async () => {
    const result = await call("GET", "/stats", { token: adminToken });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      totalUsers: await count("users"),
      activeUsers: await count("users", env.sql`is_active`),
      // Every video of this file so far has been processed to completion.
      totalVideos: await count("videos"),
      freeTrials: await count("anonymous_sessions"),
      videosBySubscription: expect.any(Array),
      // The embedded worker is this server's one encoder node, idle now.
      pool: {
        nodes: [
          expect.objectContaining({
            mode: "embedded",
            encoders: ["libx264"],
            chosen: "libx264",
            currentJobs: [],
          }),
        ],
        queueDepth: 0,
        jobsRunning: 0,
      },
    });
    expect(result.body.totalUsers).toBe(3);
    expect(result.body.totalVideos).toBe(2);
    expect(result.body.freeTrials).toBe(1);
    for (const entry of result.body.videosBySubscription) {
      expect(Object.keys(entry).sort()).toEqual(["_id", "count"]);
      expect(Number.isInteger(entry.count)).toBe(true);
    }
    const free = result.body.videosBySubscription.find((entry: Json) => entry._id === "free");
    expect(free?.count).toBeGreaterThanOrEqual(1);
  });

  test("users: newest first, public fields only, with total and the default limit 50 and offset 0", async () => {
    const result = await call("GET", "/users", { token: adminToken });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(["limit", "offset", "total", "users"]);
    expect(result.body).toMatchObject({ total: 3, limit: 50, offset: 0 });
    for (const user of result.body.users) expectPublicUser(user);
    expect(result.body.users.map((user: Json) => user.email)).toEqual([
      bob.email,
      alice.email,
      ADMIN_EMAIL,
    ]);
    expect(result.body.users[0]).toEqual((await me(url(), bob.token)).body.user);
    expect(JSON.stringify(result.body)).not.toContain("argon2");
  });

  test("users: limit and offset page through the list", async () => {
    const page = await call("GET", "/users?limit=1&offset=1", { token: adminToken });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.body.users.map((user: Json) => user.email)).toEqual([alice.email]);
    const past = await call("GET", "/users?limit=10&offset=3", { token: adminToken });
    expect(past.body).toMatchObject({ users: [], total: 3, limit: 10, offset: 3 });
  });

  test("videos: newest first, each with its owner (or null for a guest), original name, method, areas, time, status", async () => {
    const result = await call("GET", "/videos", { token: adminToken });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(["limit", "offset", "total", "videos"]);
    expect(result.body).toMatchObject({ total: 2, limit: 50, offset: 0 });
    const [guestVideo, aliceVideo] = result.body.videos;
    const keys = [
      "_id",
      "createdAt",
      "method",
      "originalFilename",
      "processingTime",
      "status",
      "user",
      "watermarkCount",
    ];
    for (const video of result.body.videos) {
      expect(Object.keys(video)).toEqual(expect.arrayContaining(keys));
      expect(video._id).toMatch(UUID);
      expect(video.createdAt).toMatch(ISO_DATE);
      expect(typeof video.processingTime).toBe("number");
      expect(video.processingTime).toBeGreaterThan(0);
    }
    expect(aliceVideo).toMatchObject({
      user: { _id: alice.user._id, name: alice.user.name, email: alice.email },
      originalFilename: "alice holiday.mp4",
      method: "black",
      watermarkCount: 2,
      status: "completed",
    });
    expect(Object.keys(aliceVideo.user).sort()).toEqual(["_id", "email", "name"]);
    expect(guestVideo).toMatchObject({
      user: null,
      originalFilename: "parking_lot_topdown_static_640x360.mp4",
      method: "black",
      watermarkCount: 1,
      status: "completed",
    });
    const page = await call("GET", "/videos?limit=1&offset=1", { token: adminToken });
    expect(page.body).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(page.body.videos.map((video: Json) => video._id)).toEqual([aliceVideo._id]);
  });

  test("free-trials: the anonymous sessions with fingerprint, address, count and state", async () => {
    const second = freshFingerprint("second-guest");
    expect((await uploadAndProcess(url(), { fingerprint: second })).status).toBe(200);
    const result = await call("GET", "/free-trials", { token: adminToken });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(["freeTrials", "limit", "offset", "total"]);
    expect(result.body).toMatchObject({ total: 2, limit: 50, offset: 0 });
    for (const trial of result.body.freeTrials) {
      expect(Object.keys(trial)).toEqual(
        expect.arrayContaining([
          "_id",
          "createdAt",
          "fingerprint",
          "ipAddress",
          "isBlocked",
          "lastUsed",
          "videosProcessed",
        ]),
      );
      expect(trial.createdAt).toMatch(ISO_DATE);
      expect(trial.lastUsed).toMatch(ISO_DATE);
      expect(String(trial.ipAddress)).toMatch(/127\.0\.0\.1$/);
    }
    expect(result.body.freeTrials.map((trial: Json) => trial.fingerprint)).toEqual([
      second,
      guestFingerprint,
    ]);
    expect(result.body.freeTrials[1]).toMatchObject({
      _id: guestTrialId,
      videosProcessed: 1,
      isBlocked: false,
    });
    const page = await call("GET", "/free-trials?limit=1", { token: adminToken });
    expect(page.body).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(page.body.freeTrials).toHaveLength(1);
  }, 30_000);
});

describe("setting credits", () => {
  test("the admin sets a user's credits: answered with the user, stored, seen by the user", async () => {
    const result = await call("POST", `/users/${bob.user._id}/credits`, {
      token: adminToken,
      body: { credits: 25 },
    });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(["success", "user"]);
    expect(result.body.success).toBe(true);
    expectPublicUser(result.body.user);
    expect(result.body.user).toMatchObject({ _id: bob.user._id, credits: 25 });
    expect((await me(url(), bob.token)).body.user.credits).toBe(25);
    const zero = await call("POST", `/users/${bob.user._id}/credits`, {
      token: adminToken,
      body: { credits: 0 },
    });
    expect(zero.status).toBe(200);
    expect(zero.body.user.credits).toBe(0);
  });

  test("credits that are not a whole number from 0 are 400 and change nothing", async () => {
    await call("POST", `/users/${bob.user._id}/credits`, {
      token: adminToken,
      body: { credits: 7 },
    });
    for (const body of [
      { credits: -1 },
      { credits: 1.5 },
      { credits: "5" },
      { credits: null },
      {},
      "not json",
    ]) {
      const result = await call("POST", `/users/${bob.user._id}/credits`, {
        token: adminToken,
        body,
      });
      expect(result.status).toBe(400);
      expect(result.body.success).toBe(false);
    }
    const rows = await env.sql`select credits from users where id = ${bob.user._id}`;
    expect(rows[0]?.credits).toBe(7);
  });

  test("an unknown user id is 404 User not found; an id that is not a uuid is 404", async () => {
    expectError(
      await call("POST", `/users/${UNKNOWN_ID}/credits`, {
        token: adminToken,
        body: { credits: 1 },
      }),
      404,
      ADMIN_MESSAGES.userNotFound,
    );
    expectError(
      await call("POST", `/users/${UNKNOWN_ID}/toggle-active`, {
        token: adminToken,
        body: { isActive: false },
      }),
      404,
      ADMIN_MESSAGES.userNotFound,
    );
    for (const path of ["/users/not-a-uuid/credits", "/users/123/toggle-active"]) {
      const result = await call("POST", path, {
        token: adminToken,
        body: { credits: 1, isActive: false },
      });
      expect(result.status).toBe(404);
      expect(result.body.success).toBe(false);
    }
  });
});

describe("activating and deactivating users", () => {
  test("deactivating revokes every session of the user at once; login is 403; reactivating lets them in with new sessions only", async () => {
    const erin = await register(url(), { name: "Erin" });
    const secondToken = await loginToken(url(), erin.email, erin.password);

    const off = await call("POST", `/users/${erin.user._id}/toggle-active`, {
      token: adminToken,
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(Object.keys(off.body).sort()).toEqual(["success", "user"]);
    expect(off.body).toMatchObject({
      success: true,
      user: { _id: erin.user._id, isActive: false },
    });
    expectPublicUser(off.body.user);

    for (const token of [erin.token, secondToken]) {
      expect([401, 403]).toContain((await me(url(), token)).status);
    }
    expectError(await login(url(), erin.email, erin.password), 403, AUTH_MESSAGES.deactivated);

    const on = await call("POST", `/users/${erin.user._id}/toggle-active`, {
      token: adminToken,
      body: { isActive: true },
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ success: true, user: { _id: erin.user._id, isActive: true } });
    // The old sessions were revoked, not merely suspended.
    for (const token of [erin.token, secondToken]) {
      expectError(await me(url(), token), 401, AUTH_MESSAGES.notAuthenticated);
    }
    const back = await login(url(), erin.email, erin.password);
    expect(back.status).toBe(200);
    expect((await me(url(), back.body.token)).status).toBe(200);
  });

  test("an admin cannot deactivate their own account: 400, still active", async () => {
    const admin = (await me(url(), adminToken)).body.user;
    expectError(
      await call("POST", `/users/${admin._id}/toggle-active`, {
        token: adminToken,
        body: { isActive: false },
      }),
      400,
      ADMIN_MESSAGES.cannotChangeSelf,
    );
    const rows = await env.sql`select is_active from users where id = ${admin._id}`;
    expect(rows[0]?.is_active).toBe(true);
    expect((await me(url(), adminToken)).status).toBe(200);
  });
});

describe("blocking a free-trial session", () => {
  test("block answers the session blocked, twice is fine, then that fingerprint is refused and its status says blocked", async () => {
    const first = await call("POST", `/free-trials/${guestTrialId}/block`, { token: adminToken });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["freeTrial", "success"]);
    expect(first.body).toMatchObject({
      success: true,
      freeTrial: { _id: guestTrialId, fingerprint: guestFingerprint, isBlocked: true },
    });
    const again = await call("POST", `/free-trials/${guestTrialId}/block`, { token: adminToken });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, freeTrial: { isBlocked: true } });

    const status = await request(url(), "GET", "/api/free-trial-status", {
      fingerprint: guestFingerprint,
    });
    expect(status.body.blocked).toBe(true);
    const filename = await uploadSmall(url(), { fingerprint: guestFingerprint });
    const refused = await processVideo(url(), filename, { fingerprint: guestFingerprint });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      needsAuth: true,
      error: TRIAL_MESSAGES.blocked,
      freeTrialInfo: { blocked: true },
    });
    const listed = await call("GET", "/free-trials", { token: adminToken });
    const trial = listed.body.freeTrials.find((item: Json) => item._id === guestTrialId);
    expect(trial?.isBlocked).toBe(true);
  });

  test("an unknown trial session is 404", async () => {
    expectError(
      await call("POST", `/free-trials/${UNKNOWN_ID}/block`, { token: adminToken }),
      404,
      ADMIN_MESSAGES.trialNotFound,
    );
    const malformed = await call("POST", "/free-trials/nope/block", { token: adminToken });
    expect(malformed.status).toBe(404);
  });
});

describe("making admins as an operator", () => {
  const cli = (args: string[]) =>
    runCli(args, { DATABASE_URL: env.server.databaseUrl ?? "", DATA_DIR: env.server.dataDir });

  async function expectAdmin(email: string, password: string) {
    const result: ApiAnswer = await login(url(), email, password);
    expect(result.status).toBe(200);
    expect(result.body.user.role).toBe("admin");
    expect((await call("GET", "/stats", { token: result.body.token })).status).toBe(200);
  }

  test("the create-admin CLI creates a new admin who can log in", async () => {
    const email = freshEmail("operator");
    const run = await cli([
      "create-admin",
      "--email",
      email,
      "--password",
      "operator-password",
      "--name",
      "Night Operator",
    ]);
    expect(run).toMatchObject({ code: 0 });
    await expectAdmin(email, "operator-password");
    const rows = await env.sql`select name, role from users where email = ${email}`;
    expect(rows[0]).toMatchObject({ name: "Night Operator", role: "admin" });
  }, 60_000);

  test("the create-admin CLI promotes an existing user", async () => {
    const dave = await register(url(), { name: "Dave" });
    expect((await call("GET", "/stats", { token: dave.token })).status).toBe(403);
    const run = await cli(["create-admin", "--email", dave.email, "--password", dave.password]);
    expect(run).toMatchObject({ code: 0 });
    await expectAdmin(dave.email, dave.password);
    const rows = await env.sql`select count(*)::int as n from users where email = ${dave.email}`;
    expect(rows[0]?.n).toBe(1);
  }, 60_000);

  test("ADMIN_EMAIL of an existing user promotes that user when a server starts", async () => {
    const carol = await register(url(), { name: "Carol" });
    // A second server on the same database, started with Carol as the first admin.
    const second = await startServer(POSTGRES, {
      ...RELAXED_LOGIN_LIMITS,
      DATABASE_URL: env.server.databaseUrl ?? "",
      ADMIN_EMAIL: carol.email,
      ADMIN_PASSWORD: carol.password,
    });
    await second.stop();
    await expectAdmin(carol.email, carol.password);
    const rows = await env.sql`select count(*)::int as n from users where email = ${carol.email}`;
    expect(rows[0]?.n).toBe(1);
  }, 150_000);
});
