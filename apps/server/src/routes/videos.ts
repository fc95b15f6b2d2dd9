import {
  detectAreas,
  registerUpload,
  type ServiceContext,
  startProcessing,
  waitForJob,
} from "@wr/api";
import { detectInputSchema, processInputSchema } from "@wr/contracts";
import { Elysia } from "elysia";
import type { Identify } from "../http/identify";
import { readJson } from "../http/read-json";
import { receiveUpload } from "../http/receive-upload";

/**
 * The editor's REST calls: upload a video, let the server suggest where its watermarks are,
 * then process it and wait for the result.
 */
export function videoRoutes(services: ServiceContext, identify: Identify) {
  const { config, storage } = services;
  return new Elysia()
    .post(
      "/api/upload",
      async (context) => {
        const actor = await identify(context);
        const received = await receiveUpload(context.request, {
          tempPath: storage.scratchPath("upload"),
          maxBytes: config.maxUploadMb * 1024 * 1024,
          maxMb: config.maxUploadMb,
        });
        const userId = actor.kind === "user" ? actor.user.id : null;
        const { filename } = await registerUpload({
          ctx: services,
          input: { ...received, userId },
        });
        return { success: true, filename };
      },
      { parse: "none" },
    )
    .post(
      "/api/process",
      async (context) => {
        const input = await readJson(context.request, processInputSchema);
        const actor = await identify(context);
        const { jobId, freeTrialInfo } = await startProcessing({ ctx: services, actor, input });
        const signal = context.request.signal;
        const result = await waitForJob({ ctx: services, input: { jobId, signal } });
        return {
          success: true,
          filename: result.filename,
          processingTime: result.processingTime,
          ...(freeTrialInfo ? { freeTrialInfo } : {}),
        };
      },
      { parse: "none" },
    )
    .post(
      "/api/detect",
      async (context) => {
        const input = await readJson(context.request, detectInputSchema);
        const actor = await identify(context);
        const signal = context.request.signal;
        return detectAreas({ ctx: services, actor, input, signal });
      },
      { parse: "none" },
    );
}
