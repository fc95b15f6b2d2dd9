import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AUTH_MESSAGES } from "@wr/contracts";
import {
  expectError,
  expectPublicUser,
  freshEmail,
  login,
  me,
  register,
  request,
  startWithDatabase,
  stopAll,
  type TestEnv,
} from "./support/accounts";
import type { ApiAnswer } from "./support/client";

const TIMEOUT = 60_000;

let main: TestEnv;
/** LOGIN_MAX_PER_EMAIL=3, LOGIN_MAX_PER_IP=6, the default 15-minute window. */
let throttled: TestEnv;
/** LOGIN_MAX_PER_EMAIL=2 within a 2-second window. */
let shortWindow: TestEnv;

beforeAll(async () => {
  [main, throttled, shortWindow] = await Promise.all([
    startWithDatabase(),
    startWithDatabase({ LOGIN_MAX_PER_EMAIL: "3", LOGIN_MAX_PER_IP: "6" }),
    startWithDatabase({ LOGIN_MAX_PER_EMAIL: "2", LOGIN_MAX_PER_IP: "100", LOGIN_WINDOW_S: "2" }),
  ]);
}, TIMEOUT);
afterAll(() => stopAll([main, throttled, shortWindow]), TIMEOUT);

const url = () => main.server.url;
const registerRaw = (body: unknown) => request(url(), "POST", "/api/auth/register", { body });
const updateProfile = (token: string | undefined, body: unknown) =>
  request(url(), "PUT", "/api/auth/profile", { token, body });

async function userRow(email: string) {
  const rows = await main.sql`select * from users where email = ${email}`;
  return rows[0];
}

describe("register", () => {
  test("answers 201 with a token and the public user; the email is trimmed and lower-cased", async () => {
    const local = freshEmail("Mixed.Case");
    const result = await registerRaw({
      name: "  Ada Lovelace ",
      email: `  ${local.toUpperCase()}  `,
      password: "analytical-engine",
    });
    expect(result.status).toBe(201);
    expect(Object.keys(result.body).sort()).toEqual(["token", "user"]);
    expect(typeof result.body.token).toBe("string");
    expectPublicUser(result.body.user);
    expect(result.body.user).toMatchObject({
      name: "Ada Lovelace",
      email: local.toLowerCase(),
      role: "user",
      subscription: "free",
      credits: 0,
      totalVideosProcessed: 0,
      isActive: true,
    });
    const row = await userRow(local.toLowerCase());
    expect(row?.id).toBe(result.body.user._id);
  });

  test("the password is stored as an argon2id hash at OWASP's minimum cost or more, never in clear", async () => {
    const account = await register(url(), { password: "plain-text-never" });
    const row = await userRow(account.email);
    const hash = String(row?.password_hash);
    expect(hash).not.toContain("plain-text-never");
    const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
    expect(params).not.toBeNull();
    expect(Number(params?.[1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(params?.[2])).toBeGreaterThanOrEqual(2);
    expect(Number(params?.[3])).toBeGreaterThanOrEqual(1);
  });

  test("an email already registered, in any letter case, is 409", async () => {
    const account = await register(url());
    const again = await registerRaw({
      name: "Someone Else",
      email: ` ${account.email.toUpperCase()} `,
      password: "another-password",
    });
    expectError(again, 409, AUTH_MESSAGES.emailTaken);
    const rows =
      await main.sql`select count(*)::int as n from users where email = ${account.email}`;
    expect(rows[0]?.n).toBe(1);
  });

  test("a password shorter than 6 characters is 400", async () => {
    const result = await registerRaw({ name: "Short", email: freshEmail(), password: "12345" });
    expectError(result, 400, AUTH_MESSAGES.passwordTooShort);
  });

  test("a malformed email is 400", async () => {
    for (const email of ["not-an-email", "a@", "@example.com", "two@@example.com", ""]) {
      const result = await registerRaw({ name: "Bad Email", email, password: "long-enough" });
      expectError(result, 400, AUTH_MESSAGES.emailInvalid);
    }
  });

  test("an empty or blank name is 400", async () => {
    for (const name of ["", "   "]) {
      const result = await registerRaw({ name, email: freshEmail(), password: "long-enough" });
      expectError(result, 400, AUTH_MESSAGES.nameRequired);
    }
  });

  test("a body that is not a JSON object is 400 and creates nothing", async () => {
    const before = await main.sql`select count(*)::int as n from users`;
    for (const body of ["{oops", "[]", "null"]) {
      const result = await request(url(), "POST", "/api/auth/register", {
        body,
        headers: { "content-type": "application/json" },
      });
      expect(result.status).toBe(400);
      expect(result.body.success).toBe(false);
    }
    const after = await main.sql`select count(*)::int as n from users`;
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  test("role, credits, subscription and isActive sent at registration are ignored", async () => {
    const email = freshEmail();
    const result = await registerRaw({
      name: "Sneaky",
      email,
      password: "long-enough",
      role: "admin",
      credits: 999,
      subscription: "enterprise",
      isActive: false,
      totalVideosProcessed: 42,
    });
    expect(result.status).toBe(201);
    expect(result.body.user).toMatchObject({
      role: "user",
      credits: 0,
      subscription: "free",
      isActive: true,
      totalVideosProcessed: 0,
    });
    const row = await userRow(email);
    expect(row).toMatchObject({ role: "user", credits: 0, is_active: true });
  });

  test("the token from registration is a working session", async () => {
    const account = await register(url());
    const result = await me(url(), account.token);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ user: account.user });
  });
});

describe("login", () => {
  test("the right password answers 200 with a token and the public user; email case and spaces do not matter", async () => {
    const account = await register(url(), { name: "Grace Hopper" });
    const result = await login(url(), `  ${account.email.toUpperCase()} `, account.password);
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(["token", "user"]);
    expectPublicUser(result.body.user);
    expect(result.body.user).toEqual(account.user);
    expect(result.body.token).not.toBe(account.token);
    const whoami = await me(url(), result.body.token);
    expect(whoami.body.user?._id).toBe(account.user._id);
  });

  test("a wrong password and an unknown email get the same 401 and the same body", async () => {
    const account = await register(url());
    const wrongPassword = await login(url(), account.email, "not-the-password");
    const unknownEmail = await login(url(), freshEmail("nobody"), account.password);
    expectError(wrongPassword, 401, AUTH_MESSAGES.invalidCredentials);
    expectError(unknownEmail, 401, AUTH_MESSAGES.invalidCredentials);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.headers.get("content-type")).toBe(
      unknownEmail.headers.get("content-type"),
    );
  });

  test("a deactivated user cannot log in: 403 even with the right password", async () => {
    const account = await register(url());
    await main.sql`update users set is_active = false where email = ${account.email}`;
    expectError(
      await login(url(), account.email, account.password),
      403,
      AUTH_MESSAGES.deactivated,
    );
  });

  test("a login without a password or email is refused without a session", async () => {
    const account = await register(url());
    const before = await main.sql`select count(*)::int as n from sessions`;
    for (const body of [{ email: account.email }, { password: account.password }, {}]) {
      const result = await request(url(), "POST", "/api/auth/login", { body });
      expect([400, 401]).toContain(result.status);
      expect(result.body.success).toBe(false);
      expect(result.body.token).toBeUndefined();
    }
    const after = await main.sql`select count(*)::int as n from sessions`;
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe("profile", () => {
  test("without a token it is 401", async () => {
    expectError(await updateProfile(undefined, { name: "X" }), 401, AUTH_MESSAGES.notAuthenticated);
  });

  test("the name can be changed; the answer is the updated user", async () => {
    const account = await register(url(), { name: "Old Name" });
    const result = await updateProfile(account.token, { name: "  New Name " });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body)).toEqual(["user"]);
    expectPublicUser(result.body.user);
    expect(result.body.user).toEqual({ ...account.user, name: "New Name" });
    expect((await me(url(), account.token)).body.user.name).toBe("New Name");
  });

  test("an empty name is 400 and changes nothing", async () => {
    const account = await register(url(), { name: "Kept Name" });
    expectError(
      await updateProfile(account.token, { name: "  " }),
      400,
      AUTH_MESSAGES.nameRequired,
    );
    expect((await me(url(), account.token)).body.user.name).toBe("Kept Name");
  });

  test("a new password needs the current one: 400 without it, 400 when it is wrong", async () => {
    const account = await register(url());
    expectError(
      await updateProfile(account.token, { newPassword: "brand-new-password" }),
      400,
      AUTH_MESSAGES.currentPasswordRequired,
    );
    expectError(
      await updateProfile(account.token, {
        currentPassword: "not-my-password",
        newPassword: "brand-new-password",
      }),
      400,
      AUTH_MESSAGES.wrongCurrentPassword,
    );
    expect((await login(url(), account.email, account.password)).status).toBe(200);
    expect((await login(url(), account.email, "brand-new-password")).status).toBe(401);
  });

  test("a new password shorter than 6 characters is 400", async () => {
    const account = await register(url());
    expectError(
      await updateProfile(account.token, { currentPassword: account.password, newPassword: "123" }),
      400,
      AUTH_MESSAGES.passwordTooShort,
    );
    expect((await login(url(), account.email, account.password)).status).toBe(200);
  });

  test("after a password change the old password fails and the new one works", async () => {
    const account = await register(url());
    const result = await updateProfile(account.token, {
      currentPassword: account.password,
      newPassword: "my-new-password",
    });
    expect(result.status).toBe(200);
    expectPublicUser(result.body.user);
    expectError(
      await login(url(), account.email, account.password),
      401,
      AUTH_MESSAGES.invalidCredentials,
    );
    expect((await login(url(), account.email, "my-new-password")).status).toBe(200);
  });

  test("mass assignment: role, credits, isActive, email, subscription in the body are ignored", async () => {
    const account = await register(url(), { name: "Plain User" });
    const before = await userRow(account.email);
    const result = await updateProfile(account.token, {
      role: "admin",
      credits: 999,
      isActive: false,
      email: freshEmail("hijack"),
      subscription: "enterprise",
      totalVideosProcessed: 7,
      passwordHash: "x",
      password_hash: "x",
    });
    // Whether the server answers 200 (nothing to change) or 400 (unknown fields), nothing moves.
    expect([200, 400]).toContain(result.status);
    if (result.status === 200) expect(result.body.user).toEqual(account.user);
    const after = await userRow(account.email);
    expect(after).toEqual(before);
    expect((await me(url(), account.token)).body.user).toEqual(account.user);
  });

  test("mass assignment alongside a legitimate name change: only the name changes", async () => {
    const account = await register(url(), { name: "Before" });
    const result = await updateProfile(account.token, {
      name: "After",
      role: "admin",
      credits: 999,
      isActive: false,
      email: freshEmail("hijack"),
    });
    expect(result.status).toBe(200);
    expect(result.body.user).toEqual({ ...account.user, name: "After" });
    const row = await userRow(account.email);
    expect(row).toMatchObject({ name: "After", role: "user", credits: 0, is_active: true });
  });
});

describe("login throttling (LOGIN_MAX_PER_EMAIL=3, LOGIN_MAX_PER_IP=6)", () => {
  const tUrl = () => throttled.server.url;

  function expectThrottled(result: ApiAnswer) {
    expectError(result, 429, AUTH_MESSAGES.tooManyAttempts);
    const retryAfter = result.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(900);
  }

  let victim: Awaited<ReturnType<typeof register>>;
  let bystander: Awaited<ReturnType<typeof register>>;
  let third: Awaited<ReturnType<typeof register>>;

  beforeAll(async () => {
    [victim, bystander, third] = await Promise.all([
      register(tUrl()),
      register(tUrl()),
      register(tUrl()),
    ]);
  });

  test("after 3 failed logins for one email the next is 429 with Retry-After, even with the right password", async () => {
    for (let i = 0; i < 3; i++) {
      expectError(
        await login(tUrl(), victim.email, `wrong-${i}`),
        401,
        AUTH_MESSAGES.invalidCredentials,
      );
    }
    expectThrottled(await login(tUrl(), victim.email, "wrong-again"));
    expectThrottled(await login(tUrl(), victim.email, victim.password));
  });

  test("the per-email limit does not lock out another email from the same IP", async () => {
    const result = await login(tUrl(), bystander.email, bystander.password);
    expect(result.status).toBe(200);
    expect(result.body.user.email).toBe(bystander.email);
  });

  test("failed logins across many emails from one IP hit the per-IP limit; then every email is 429", async () => {
    const statuses: number[] = [];
    let throttledAnswer: ApiAnswer | null = null;
    for (let i = 0; i < 6 && !throttledAnswer; i++) {
      const result = await login(tUrl(), freshEmail("spray"), "guessed-password");
      statuses.push(result.status);
      if (result.status === 429) throttledAnswer = result;
      else expectError(result, 401, AUTH_MESSAGES.invalidCredentials);
    }
    // At least 3 failures were already counted for this IP, so at most 4 more may pass.
    expect(throttledAnswer).not.toBeNull();
    expect(statuses.length).toBeLessThanOrEqual(4);
    if (throttledAnswer) expectThrottled(throttledAnswer);
    // A user who never failed, with the right password, is held too while the IP is over it.
    expectThrottled(await login(tUrl(), third.email, third.password));
  });

  test("the throttled logins created no sessions", async () => {
    const rows = await throttled.sql`
      select u.email, count(s.id)::int as n from users u left join sessions s on s.user_id = u.id
      group by u.email`;
    const sessions = Object.fromEntries(rows.map((row) => [row.email, row.n]));
    // One from registering each; the bystander logged in once more.
    expect(sessions).toEqual({ [victim.email]: 1, [bystander.email]: 2, [third.email]: 1 });
  });
});

describe("login throttling window (LOGIN_MAX_PER_EMAIL=2, LOGIN_WINDOW_S=2)", () => {
  test("an email locked by failed logins can log in again once the window has passed", async () => {
    const base = shortWindow.server.url;
    const account = await register(base);
    for (let i = 0; i < 2; i++) {
      expect((await login(base, account.email, `wrong-${i}`)).status).toBe(401);
    }
    const locked = await login(base, account.email, account.password);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(2);
    await Bun.sleep(retryAfter * 1000 + 500);
    const again = await login(base, account.email, account.password);
    expect(again.status).toBe(200);
    expect(again.body.user.email).toBe(account.email);
  }, 20_000);
});
