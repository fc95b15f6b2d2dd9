import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { JobSite } from "@wr/api";
import {
  claimAnswerSchema,
  ENCODED_BY_HEADER,
  type EncoderNode,
  VIDEO_ENCODER_HEADER,
} from "@wr/contracts";
import { PermanentJobError } from "@wr/queue";

/** Calls that carry no file answer within this long, or count as failed. */
const CALL_TIMEOUT_MS = 30_000;

export type RemoteSiteOptions = {
  serverUrl: string;
  token: string;
  node: Pick<EncoderNode, "id">;
  /** This node's own scratch folder: downloaded inputs and outputs being made. */
  scratchDir: string;
};

/**
 * A job seen from a node without the server's disk: every step goes through the server's
 * internal API, which records it on the row. Files are streamed both ways, never held whole.
 */
export function remoteSite(options: RemoteSiteOptions): JobSite {
  const call = (videoId: string, step: string, init: RequestInit = {}) =>
    serverCall(options, `/api/internal/jobs/${videoId}/${step}`, init);
  const postJson = (videoId: string, step: string, body: unknown) =>
    call(videoId, step, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  const scratch = (label: string) =>
    join(options.scratchDir, `${label}-${crypto.randomUUID().slice(0, 8)}.part`);

  return {
    async claim(videoId) {
      const answer = claimAnswerSchema.parse(
        await (await postJson(videoId, "claim", { node: options.node.id })).json(),
      );
      const job = answer.job;
      if (!job) return null;
      return {
        job,
        async input() {
          const path = scratch(`${videoId}-input`);
          await mkdir(options.scratchDir, { recursive: true });
          const response = await call(videoId, "input");
          try {
            const body = response.body as unknown as WebReadableStream;
            await pipeline(Readable.fromWeb(body), createWriteStream(path));
          } catch (error) {
            await rm(path, { force: true });
            throw error;
          }
          return { path, release: () => rm(path, { force: true }) };
        },
      };
    },
    scratchPath: (videoId) => scratch(`${videoId}-output`),
    async progress(videoId, percent) {
      await postJson(videoId, "progress", { percent });
    },
    async complete(videoId, outputPath, processed) {
      const { size } = await stat(outputPath);
      await call(videoId, "output", {
        method: "PUT",
        headers: {
          "content-type": "video/mp4",
          "content-length": String(size),
          [ENCODED_BY_HEADER]: options.node.id,
          [VIDEO_ENCODER_HEADER]: processed.videoEncoder,
        },
        body: Bun.file(outputPath),
      });
    },
    async fail(videoId, message, final) {
      await postJson(videoId, "failure", { message: message.slice(0, 2000), final });
    },
    async release(videoId) {
      await postJson(videoId, "release", {});
    },
  };
}

/**
 * One call to the server's internal API with the encoder token. A 4xx answer means retrying
 * cannot help (PermanentJobError); 5xx and network faults are worth a retry.
 */
export async function serverCall(
  options: Pick<RemoteSiteOptions, "serverUrl" | "token">,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${options.token}`);
  const response = await fetch(`${options.serverUrl}${path}`, { ...init, headers });
  if (response.ok) return response;
  const body = (await response.json().catch(() => null)) as { error?: string } | null;
  const message = `The server answered ${response.status} to ${path}: ${body?.error ?? ""}`;
  if (response.status >= 400 && response.status < 500) throw new PermanentJobError(message);
  throw new Error(message);
}
