import { AppError, type ServiceContext } from "@wr/api";
import { Elysia } from "elysia";
import { errorResponse } from "./http/errors";
import { identifier } from "./http/identify";
import { adminRoutes } from "./routes/admin";
import { authRoutes } from "./routes/auth";
import { encoderRoutes } from "./routes/encoders";
import { fileRoutes } from "./routes/files";
import { paymentRoutes } from "./routes/payments";
import { systemRoutes } from "./routes/system";
import { videoRoutes } from "./routes/videos";
import { webRoutes } from "./routes/web";

/** The HTTP surface: REST under /api, tRPC under /api/trpc, the SPA everywhere else. */
export function createApp(
  services: ServiceContext,
  options: { webDir: string; trustProxy: boolean },
) {
  const identify = identifier(services, options.trustProxy);
  return new Elysia()
    .onError(({ code, error, request, set }) => {
      if (error instanceof AppError) {
        // Elysia keeps its own headers for error answers: Retry-After goes through `set`.
        if (error.retry.retryAfter) set.headers["retry-after"] = String(error.retry.retryAfter);
        return errorResponse(error);
      }
      if (code === "NOT_FOUND") return errorResponse(noEndpoint(request));
      if (code === "PARSE" || code === "VALIDATION") {
        return errorResponse(new AppError("BAD_REQUEST", "The request is not valid"));
      }
      return errorResponse(error);
    })
    .use(systemRoutes(services, identify))
    .use(authRoutes(services, identify))
    .use(adminRoutes(services, identify))
    .use(paymentRoutes(services, identify))
    .use(videoRoutes(services, identify))
    .use(fileRoutes(services))
    .use(encoderRoutes(services))
    .use(webRoutes(options.webDir, noEndpoint));
}

function noEndpoint(request: Request): AppError {
  return new AppError("NOT_FOUND", `No such endpoint: ${new URL(request.url).pathname}`);
}
