import {
  claimJob,
  completeJob,
  failJob,
  isUuid,
  notFound,
  openJobInput,
  recordProgress,
  releaseJob,
  requireEncoder,
  type ServiceContext,
} from "@wr/api";
import {
  claimInputSchema,
  ENCODED_BY_HEADER,
  failureInputSchema,
  progressInputSchema,
  VIDEO_ENCODER_HEADER,
  videoEncoderSchema,
} from "@wr/contracts";
import { Elysia } from "elysia";
import { readJson } from "../http/read-json";
import { receiveBody } from "../http/receive-body";
import { sendFile } from "../http/send-file";

/** The largest output a node may send back: far above what CRF 18 makes of an accepted upload. */
export const maxOutputMb = (maxUploadMb: number) => maxUploadMb * 8;

type Call = { request: Request; params: { id: string } };

/**
 * The internal API of encoder nodes that do not share the server's disk (ENCODER_TOKEN): claim a
 * job, download its input, report progress, upload the output (streamed, published only once
 * whole), report a failure or hand the job back. The server records every step on the row.
 */
export function encoderRoutes(services: ServiceContext) {
  const maxOutputBytes = maxOutputMb(services.config.maxUploadMb) * 1024 * 1024;
  /** The encoder's token first, then a job id of the only form the server makes. */
  const jobOf = ({ request, params }: Call) => {
    requireEncoder(services, request.headers.get("authorization"));
    if (!isUuid(params.id)) throw notFound("Video not found");
    return params.id;
  };
  return new Elysia({ prefix: "/api/internal" })
    .get("/ping", ({ request }) => {
      // A node checks its address and token at start-up.
      requireEncoder(services, request.headers.get("authorization"));
      return { success: true };
    })
    .post(
      "/jobs/:id/claim",
      async (call) => {
        const videoId = jobOf(call);
        const { node } = await readJson(call.request, claimInputSchema);
        const claim = await claimJob(services, { videoId, node });
        return { job: claim?.job ?? null };
      },
      { parse: "none" },
    )
    .get("/jobs/:id/input", async (call) => {
      const file = await openJobInput(services, { videoId: jobOf(call) });
      return sendFile(call.request, file, { "Content-Type": "application/octet-stream" });
    })
    .post(
      "/jobs/:id/progress",
      async (call) => {
        const videoId = jobOf(call);
        const { percent } = await readJson(call.request, progressInputSchema);
        await recordProgress(services, { videoId, percent });
        return { success: true };
      },
      { parse: "none" },
    )
    .put(
      "/jobs/:id/output",
      async (call) => {
        const videoId = jobOf(call);
        const { request } = call;
        const videoEncoder = videoEncoderSchema
          .catch("libx264")
          .parse(request.headers.get(VIDEO_ENCODER_HEADER));
        const node = (request.headers.get(ENCODED_BY_HEADER) ?? "remote").slice(0, 200);
        const outputPath = services.storage.scratchPath(`output-${videoId}`);
        await receiveBody(request, { tempPath: outputPath, maxBytes: maxOutputBytes });
        return completeJob(services, { videoId, outputPath, node, videoEncoder });
      },
      { parse: "none" },
    )
    .post(
      "/jobs/:id/failure",
      async (call) => {
        const videoId = jobOf(call);
        const { message, final } = await readJson(call.request, failureInputSchema);
        await failJob(services, { videoId, message, final });
        return { success: true };
      },
      { parse: "none" },
    )
    .post("/jobs/:id/release", async (call) => {
      await releaseJob(services, { videoId: jobOf(call) });
      return { success: true };
    });
}
