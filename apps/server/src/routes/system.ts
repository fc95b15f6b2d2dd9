import { getHealth, handleTrpcRequest, type ServiceContext, TRPC_ENDPOINT } from "@wr/api";
import { ffmpegVersion } from "@wr/engine";
import { Elysia } from "elysia";
import type { Identify, RequestContext } from "../http/identify";
import { publicOrigin } from "../http/origin";

/** Health for the SPA's badge and operators, and the typed tRPC API. */
export function systemRoutes(services: ServiceContext, identify: Identify) {
  const trpc = async (context: RequestContext) =>
    handleTrpcRequest(
      context.request,
      services,
      await identify(context),
      publicOrigin(services, context.request),
    );
  return new Elysia()
    .get("/api/health", () => getHealth({ ctx: services, ffmpegVersion }))
    .get(`${TRPC_ENDPOINT}/*`, trpc)
    .post(`${TRPC_ENDPOINT}/*`, trpc, { parse: "none" });
}
