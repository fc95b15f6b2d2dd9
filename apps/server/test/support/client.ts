import { readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { MEDIA_DIR } from "@wr/engine/testing";

export { MEDIA_DIR };

export const CLIP_720P = join(MEDIA_DIR, "bee_takeoff_fast_audio_1280x720.mp4");
/** 8 s, 640x360: the quickest clip to process (with the "black" method). */
export const CLIP_SMALL = join(MEDIA_DIR, "parking_lot_topdown_static_640x360.mp4");

/**
 * The browser fingerprint every request of this test run sends unless told otherwise, as the
 * SPA does (SPEC.md §7). Guests need one to process videos.
 */
export const DEFAULT_FINGERPRINT = `test-${crypto.randomUUID()}`;

// biome-ignore lint/suspicious/noExplicitAny: the tests assert the shape of every body they read
export type Json = any;
export type ApiAnswer = { status: number; headers: Headers; body: Json };

/** Who a request is from: a Bearer token and/or a fingerprint (null sends no x-fingerprint). */
export type Caller = { token?: string; fingerprint?: string | null };

export type ApiOptions = Caller & {
  /** Sent as JSON, or as it is when it is FormData or a string. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Give up after this long and answer status 0 instead of hanging: a test that waits past bun's
   * own timeout gets its subprocesses (the servers of the whole file) killed.
   */
  timeoutMs?: number;
};

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function answer(response: Response): Promise<ApiAnswer> {
  const text = await response.text();
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text };
  }
  return { status: response.status, headers: response.headers, body };
}

function callerHeaders({ token, fingerprint = DEFAULT_FINGERPRINT }: Caller): Headers {
  const headers = new Headers();
  if (fingerprint !== null) headers.set("x-fingerprint", fingerprint);
  if (token !== undefined) headers.set("authorization", `Bearer ${token}`);
  return headers;
}

/** One request to the server, answered as `{ status, headers, body }` (body parsed as JSON). */
export async function api(
  base: string,
  method: HttpMethod,
  path: string,
  options: ApiOptions = {},
): Promise<ApiAnswer> {
  const headers = callerHeaders(options);
  let body: RequestInit["body"];
  if (options.body instanceof FormData || typeof options.body === "string") {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.body);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  try {
    return answer(await fetch(`${base}${path}`, { method, headers, body, signal }));
  } catch (error) {
    if (!signal?.aborted) throw error;
    const message = `no answer to ${method} ${path} in ${options.timeoutMs} ms`;
    return { status: 0, headers: new Headers(), body: { clientError: message } };
  }
}

export async function upload(
  base: string,
  path: string,
  name = basename(path),
  caller: Caller = {},
): Promise<ApiAnswer> {
  const form = new FormData();
  form.append("video", new Blob([await readFile(path)]), name);
  return api(base, "POST", "/api/upload", { ...caller, body: form });
}

export async function uploadBytes(
  base: string,
  bytes: Uint8Array,
  name: string,
  caller: Caller = {},
): Promise<ApiAnswer> {
  const form = new FormData();
  form.append("video", new Blob([bytes]), name);
  return api(base, "POST", "/api/upload", { ...caller, body: form });
}

export async function postJson(
  base: string,
  path: string,
  payload: unknown,
  caller: Caller = {},
): Promise<ApiAnswer> {
  return api(base, "POST", path, { ...caller, body: payload });
}

export async function uploadedName(
  base: string,
  path: string,
  caller: Caller = {},
): Promise<string> {
  const result = await upload(base, path, basename(path), caller);
  if (result.status !== 200) throw new Error(`upload failed: ${JSON.stringify(result.body)}`);
  return String(result.body.filename);
}

/** A tRPC call over HTTP: queries as GET with `?input=`, mutations as POST with a JSON body. */
export function trpc(
  base: string,
  kind: "query" | "mutation",
  path: string,
  input: unknown,
  caller: Caller = {},
): Promise<ApiAnswer> {
  return kind === "query"
    ? api(
        base,
        "GET",
        `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
        caller,
      )
    : api(base, "POST", `/api/trpc/${path}`, { ...caller, body: input });
}
