import { expect } from "bun:test";
import { basename } from "node:path";
import postgres from "postgres";
import {
  type ApiAnswer,
  type ApiOptions,
  api,
  type Caller,
  CLIP_SMALL,
  type HttpMethod,
  type Json,
} from "./client";
import { ROOT, type RunningServer, startServer } from "./server-process";

export const POSTGRES = { database: "postgres", queue: "in-process" } as const;

/** Login throttling far above what a test file does, for servers that do not test it. */
export const RELAXED_LOGIN_LIMITS = { LOGIN_MAX_PER_EMAIL: "1000", LOGIN_MAX_PER_IP: "100000" };

/** The keys of the user object in every answer (SPEC.md §3), and nothing else. */
export const USER_KEYS = [
  "_id",
  "createdAt",
  "credits",
  "email",
  "isActive",
  "name",
  "role",
  "subscription",
  "totalVideosProcessed",
].sort();

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * How long one request may take before the test calls it a hang. Small clips process in a second
 * or two; a hang must fail the test, not outlive bun's test timeout (which kills the servers).
 */
export const REQUEST_TIMEOUT_MS = 20_000;

/** `api` from client.ts with the hang guard: a request that gets no answer is status 0. */
export function request(
  base: string,
  method: HttpMethod,
  path: string,
  options: ApiOptions = {},
): Promise<ApiAnswer> {
  return api(base, method, path, { timeoutMs: REQUEST_TIMEOUT_MS, ...options });
}

/** A server on a fresh PostgreSQL database plus a connection to look at its rows. */
export type TestEnv = { server: RunningServer; sql: postgres.Sql };

export async function startWithDatabase(
  env: Record<string, string | undefined> = {},
): Promise<TestEnv> {
  const server = await startServer(POSTGRES, { ...RELAXED_LOGIN_LIMITS, ...env });
  const sql = postgres(server.databaseUrl ?? "", { max: 2, onnotice: () => {} });
  return { server, sql };
}

export async function stopAll(envs: (TestEnv | undefined)[]): Promise<void> {
  await Promise.all(
    envs.map(async (env) => {
      await env?.sql.end({ timeout: 5 });
      await env?.server.stop();
    }),
  );
}

/** A timestamp column read by postgres.js as milliseconds (NaN when it is not a date). */
export const millis = (value: unknown): number =>
  value instanceof Date ? value.getTime() : Number.NaN;

export const sha256Hex = (text: string) =>
  new Bun.CryptoHasher("sha256").update(text).digest("hex");

let counter = 0;
/** A fresh, valid email address (unique in this run). */
export function freshEmail(label = "user"): string {
  counter += 1;
  return `${label}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export type Account = { token: string; user: Json; email: string; password: string };

/** Registers a new user over REST and returns its token and user; fails the test otherwise. */
export async function register(
  base: string,
  fields: { name?: string; email?: string; password?: string } = {},
): Promise<Account> {
  const email = fields.email ?? freshEmail();
  const password = fields.password ?? "correct horse battery";
  const result = await request(base, "POST", "/api/auth/register", {
    body: { name: fields.name ?? "Test User", email, password },
  });
  if (result.status !== 201) {
    throw new Error(`register failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return { token: result.body.token, user: result.body.user, email, password };
}

export function login(base: string, email: string, password: string, caller: Caller = {}) {
  return request(base, "POST", "/api/auth/login", { ...caller, body: { email, password } });
}

/** Logs in and returns the token; fails the test when the login is refused. */
export async function loginToken(base: string, email: string, password: string): Promise<string> {
  const result = await login(base, email, password);
  if (result.status !== 200) {
    throw new Error(`login failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return String(result.body.token);
}

export function me(base: string, token?: string) {
  return request(base, "GET", "/api/auth/me", { token });
}

/** Asserts an error answer: that status and exactly `{ success: false, error }`. */
export function expectError(result: ApiAnswer, status: number, error: string): void {
  expect({ status: result.status, body: result.body }).toEqual({
    status,
    body: { success: false, error },
  });
}

/** Asserts a user object: exactly the public keys, no password or hash anywhere. */
export function expectPublicUser(user: Json): void {
  expect(Object.keys(user).sort()).toEqual(USER_KEYS);
  for (const key of Object.keys(user)) expect(key.toLowerCase()).not.toMatch(/password|hash/);
  expect(JSON.stringify(user)).not.toContain("$argon2");
  expect(user._id).toMatch(UUID);
  expect(user.createdAt).toMatch(ISO_DATE);
  expect(Number.isNaN(Date.parse(user.createdAt))).toBe(false);
}

export const AREA = { x: 10, y: 10, width: 100, height: 60 };

/** Uploads the small clip (as the caller) and returns the server's name for it. */
export async function uploadSmall(
  base: string,
  caller: Caller = {},
  name = basename(CLIP_SMALL),
): Promise<string> {
  const form = new FormData();
  form.append("video", new Blob([await Bun.file(CLIP_SMALL).arrayBuffer()]), name);
  const result = await request(base, "POST", "/api/upload", { ...caller, body: form });
  if (result.status !== 200) {
    throw new Error(`upload failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return String(result.body.filename);
}

/** POST /api/process with the fastest method on one area (status 0 if it hangs). */
export function processVideo(
  base: string,
  filename: string,
  caller: Caller & { headers?: Record<string, string> } = {},
  rectangles: object[] = [AREA],
) {
  return request(base, "POST", "/api/process", {
    ...caller,
    body: { filename, method: "black", rectangles },
  });
}

/** Uploads the small clip and processes it, as one caller. */
export async function uploadAndProcess(
  base: string,
  caller: Caller & { headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const filename = await uploadSmall(base, {
    token: caller.token,
    fingerprint: caller.fingerprint,
  });
  return processVideo(base, filename, caller);
}

/** A fingerprint of the form browsers send: unique per call. */
export const freshFingerprint = (label = "fp") => `${label}-${crypto.randomUUID()}`;

/** Runs the operator CLI with a server's settings. */
export async function runCli(
  args: string[],
  env: { DATABASE_URL: string; DATA_DIR: string },
): Promise<{ code: number; output: string }> {
  const child = Bun.spawn([process.execPath, "apps/server/src/cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const guard = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  clearTimeout(guard);
  return { code, output: stdout + stderr };
}
