import type { ServiceContext } from "@wr/api";

/** The origin browsers reach us on: PUBLIC_URL when set, else the request's own. */
export function publicOrigin(services: ServiceContext, request: Request): string {
  return services.config.payments.publicUrl ?? new URL(request.url).origin;
}
