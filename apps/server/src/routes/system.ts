import { getHealth, handleTrpcRequest, type ServiceContext, TRPC_ENDPOINT } from "@wr/api";
import { ffmpegVersion } from "@wr/engine";
import { Elysia } from "elysia";

/** Health for the SPA's badge and operators, and the typed tRPC API. */
export function systemRoutes(services: ServiceContext) {
  return new Elysia()
    .get("/api/health", () => getHealth({ ctx: services, ffmpegVersion }))
    .get(`${TRPC_ENDPOINT}/*`, ({ request }) => handleTrpcRequest(request, services))
    .post(`${TRPC_ENDPOINT}/*`, ({ request }) => handleTrpcRequest(request, services), {
      parse: "none",
    });
}
