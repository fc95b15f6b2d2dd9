import { readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { MEDIA_DIR } from "@wr/engine/testing";

export { MEDIA_DIR };

export const CLIP_720P = join(MEDIA_DIR, "bee_takeoff_fast_audio_1280x720.mp4");

// biome-ignore lint/suspicious/noExplicitAny: the tests assert the shape of every body they read
export type Json = any;
export type ApiAnswer = { status: number; body: Json };

async function answer(response: Response): Promise<ApiAnswer> {
  const text = await response.text();
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text };
  }
  return { status: response.status, body };
}

export async function upload(
  base: string,
  path: string,
  name = basename(path),
): Promise<ApiAnswer> {
  const form = new FormData();
  form.append("video", new Blob([await readFile(path)]), name);
  return answer(await fetch(`${base}/api/upload`, { method: "POST", body: form }));
}

export async function uploadBytes(
  base: string,
  bytes: Uint8Array,
  name: string,
): Promise<ApiAnswer> {
  const form = new FormData();
  form.append("video", new Blob([bytes]), name);
  return answer(await fetch(`${base}/api/upload`, { method: "POST", body: form }));
}

export async function postJson(base: string, path: string, payload: unknown): Promise<ApiAnswer> {
  return answer(
    await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    }),
  );
}

export async function uploadedName(base: string, path: string): Promise<string> {
  const result = await upload(base, path);
  if (result.status !== 200) throw new Error(`upload failed: ${JSON.stringify(result)}`);
  return String(result.body.filename);
}
