import { AppError, type ServiceContext } from "@wr/api";
import { Elysia } from "elysia";
import { errorResponse } from "./http/errors";
import { fileRoutes } from "./routes/files";
import { systemRoutes } from "./routes/system";
import { videoRoutes } from "./routes/videos";
import { webRoutes } from "./routes/web";

/** The HTTP surface: REST under /api, tRPC under /api/trpc, the SPA everywhere else. */
export function createApp(services: ServiceContext, options: { webDir: string }) {
  return new Elysia()
    .onError(({ code, error, request }) => {
      if (code === "NOT_FOUND") {
        return errorResponse(
          new AppError("NOT_FOUND", `No such endpoint: ${new URL(request.url).pathname}`),
        );
      }
      if (code === "PARSE" || code === "VALIDATION") {
        return errorResponse(new AppError("BAD_REQUEST", "The request is not valid"));
      }
      return errorResponse(error);
    })
    .use(systemRoutes(services))
    .use(videoRoutes(services))
    .use(fileRoutes(services))
    .use(webRoutes(options.webDir, noEndpoint));
}

function noEndpoint(request: Request): AppError {
  return new AppError("NOT_FOUND", `No such endpoint: ${new URL(request.url).pathname}`);
}
