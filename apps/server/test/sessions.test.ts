import { afterAll, beforeAll, expect, test } from "bun:test";
import { AUTH_MESSAGES } from "@wr/contracts";
import {
  expectError,
  expectPublicUser,
  loginToken,
  me,
  millis,
  register,
  request,
  sha256Hex,
  startWithDatabase,
  stopAll,
  type TestEnv,
} from "./support/accounts";

const DAY_MS = 24 * 3600 * 1000;
/** Slack for "about now + 30 days": the requests and the clock reads between them. */
const SLACK_MS = 60_000;

let env: TestEnv;
beforeAll(async () => {
  env = await startWithDatabase();
}, 60_000);
afterAll(() => stopAll([env]), 60_000);

const url = () => env.server.url;

async function sessionRow(token: string) {
  const rows = await env.sql`select * from sessions where id = ${sha256Hex(token)}`;
  return rows[0];
}

async function setExpiry(token: string, fromNowMs: number) {
  await env.sql`
    update sessions set expires_at = now() + ${`${fromNowMs} milliseconds`}::interval
    where id = ${sha256Hex(token)}`;
  return millis((await sessionRow(token))?.expires_at);
}

async function databaseNow(): Promise<number> {
  const rows = await env.sql`select now() as now`;
  return millis(rows[0]?.now);
}

/** How many bits a token of this length carries over the smallest alphabet it fits. */
function tokenBits(token: string): number {
  const alphabets: [RegExp, number][] = [
    [/^[0-9a-f]+$/, 16],
    [/^[a-z2-7]+$/, 32],
    [/^[a-z0-9]+$/, 36],
    [/^[A-Za-z0-9]+$/, 62],
    [/^[A-Za-z0-9_-]+$/, 64],
  ];
  const size = alphabets.find(([pattern]) => pattern.test(token))?.[1] ?? 0;
  return size ? token.length * Math.log2(size) : 0;
}

test("a session token carries at least 160 random bits and is different every time", async () => {
  const account = await register(url());
  const second = await loginToken(url(), account.email, account.password);
  for (const token of [account.token, second]) {
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(tokenBits(token)).toBeGreaterThanOrEqual(160);
  }
  expect(second).not.toBe(account.token);
});

test("the database keeps only the SHA-256 of a token, never the token itself", async () => {
  const account = await register(url());
  const row = await sessionRow(account.token);
  expect(row).toBeDefined();
  expect(row?.id).toBe(sha256Hex(account.token));
  expect(row?.user_id).toBe(account.user._id);
  const leaked = await env.sql`
    select count(*)::int as n from sessions s where s::text like ${`%${account.token}%`}`;
  expect(leaked[0]?.n).toBe(0);
  const users = await env.sql`
    select count(*)::int as n from users u where u::text like ${`%${account.token}%`}`;
  expect(users[0]?.n).toBe(0);
});

test("each login opens its own session row", async () => {
  const account = await register(url());
  await loginToken(url(), account.email, account.password);
  await loginToken(url(), account.email, account.password);
  const rows =
    await env.sql`select count(*)::int as n from sessions where user_id = ${account.user._id}`;
  expect(rows[0]?.n).toBe(3);
});

test("a new session expires 30 days after it was created", async () => {
  const account = await register(url());
  const row = await sessionRow(account.token);
  const lifetime = millis(row?.expires_at) - millis(row?.created_at);
  expect(Math.abs(lifetime - 30 * DAY_MS)).toBeLessThan(SLACK_MS);
});

test("GET /api/auth/me with a valid token answers the public user", async () => {
  const account = await register(url(), { name: "Me Myself" });
  const result = await me(url(), account.token);
  expect(result.status).toBe(200);
  expect(Object.keys(result.body)).toEqual(["user"]);
  expectPublicUser(result.body.user);
  expect(result.body.user).toEqual(account.user);
});

test("no token, an unknown token, the token's hash, or a non-Bearer header: 401", async () => {
  const account = await register(url());
  expectError(await me(url()), 401, AUTH_MESSAGES.notAuthenticated);
  expectError(await me(url(), "a".repeat(32)), 401, AUTH_MESSAGES.notAuthenticated);
  expectError(await me(url(), `${account.token}x`), 401, AUTH_MESSAGES.notAuthenticated);
  // What the database holds must not work as a token (a leaked table gives no sessions).
  expectError(await me(url(), sha256Hex(account.token)), 401, AUTH_MESSAGES.notAuthenticated);
  for (const authorization of [account.token, `Basic ${account.token}`, "Bearer", "Bearer "]) {
    const result = await request(url(), "GET", "/api/auth/me", { headers: { authorization } });
    expectError(result, 401, AUTH_MESSAGES.notAuthenticated);
  }
});

test("an expired session is refused with 401", async () => {
  const account = await register(url());
  await setExpiry(account.token, -60_000);
  expectError(await me(url(), account.token), 401, AUTH_MESSAGES.notAuthenticated);
});

test("sliding expiry: a session in its second half is renewed to 30 days by one authenticated call", async () => {
  const account = await register(url());
  const before = await setExpiry(account.token, 10 * DAY_MS);
  expect((await me(url(), account.token)).status).toBe(200);
  const after = millis((await sessionRow(account.token))?.expires_at);
  const now = await databaseNow();
  expect(after).toBeGreaterThan(before);
  expect(Math.abs(after - (now + 30 * DAY_MS))).toBeLessThan(SLACK_MS);
});

test("a session in its first half is left alone by an authenticated call", async () => {
  const account = await register(url());
  const before = await setExpiry(account.token, 25 * DAY_MS);
  expect((await me(url(), account.token)).status).toBe(200);
  const after = millis((await sessionRow(account.token))?.expires_at);
  expect(after).toBe(before);
});

test("logout answers {success: true}; that token is then 401 while another session of the user still works", async () => {
  const account = await register(url());
  const other = await loginToken(url(), account.email, account.password);
  const result = await request(url(), "POST", "/api/auth/logout", { token: account.token });
  expect(result.status).toBe(200);
  expect(result.body).toEqual({ success: true });
  expectError(await me(url(), account.token), 401, AUTH_MESSAGES.notAuthenticated);
  const stillIn = await me(url(), other);
  expect(stillIn.status).toBe(200);
  expect(stillIn.body.user._id).toBe(account.user._id);
});

test("a deactivated user's still-stored session is refused with 403", async () => {
  const account = await register(url());
  await env.sql`update users set is_active = false where id = ${account.user._id}`;
  expectError(await me(url(), account.token), 403, AUTH_MESSAGES.deactivated);
  const profile = await request(url(), "PUT", "/api/auth/profile", {
    token: account.token,
    body: { name: "Still Here" },
  });
  expect([401, 403]).toContain(profile.status);
  const rows = await env.sql`select name from users where id = ${account.user._id}`;
  expect(rows[0]?.name).toBe(account.user.name);
});
