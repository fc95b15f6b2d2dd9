import {
  badRequest,
  registerUpload,
  type ServiceContext,
  startProcessing,
  waitForJob,
} from "@wr/api";
import { processInputSchema } from "@wr/contracts";
import { Elysia } from "elysia";
import { receiveUpload } from "../http/receive-upload";

/** The editor's REST calls: upload a video, then process it and wait for the result. */
export function videoRoutes(services: ServiceContext) {
  const { config, storage } = services;
  return new Elysia()
    .post(
      "/api/upload",
      async ({ request }) => {
        const received = await receiveUpload(request, {
          tempPath: storage.scratchPath("upload"),
          maxBytes: config.maxUploadMb * 1024 * 1024,
          maxMb: config.maxUploadMb,
        });
        const { filename } = await registerUpload({ ctx: services, input: received });
        return { success: true, filename };
      },
      { parse: "none" },
    )
    .post(
      "/api/process",
      async ({ request }) => {
        const body = await request.json().catch(() => {
          throw badRequest("Send a JSON body: {filename, rectangles, method}");
        });
        const parsed = processInputSchema.safeParse(body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
          throw badRequest(`${where}${issue?.message ?? "Invalid request"}`);
        }
        const { jobId } = await startProcessing({ ctx: services, input: parsed.data });
        const result = await waitForJob({
          ctx: services,
          input: { jobId, signal: request.signal },
        });
        return { success: true, filename: result.filename, processingTime: result.processingTime };
      },
      { parse: "none" },
    );
}
