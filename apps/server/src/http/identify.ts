import { type Actor, type Requester, resolveActor, type ServiceContext } from "@wr/api";
import type { Server } from "bun";

export type RequestContext = { request: Request; server: Server<unknown> | null };
export type Identify = (context: RequestContext) => Promise<Actor>;

/**
 * Reads who sends a request: the Bearer token, the x-fingerprint header and the client IP
 * (the socket's address; X-Forwarded-For's last entry only when a proxy we trust adds it).
 */
export function requesterOf({ request, server }: RequestContext, trustProxy: boolean): Requester {
  const authorization = request.headers.get("authorization") ?? "";
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? null;
  const forwarded = trustProxy
    ? request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim()
    : undefined;
  const ip = forwarded || server?.requestIP(request)?.address || "unknown";
  return { ip, token, fingerprint: request.headers.get("x-fingerprint") };
}

export function identifier(services: ServiceContext, trustProxy: boolean): Identify {
  return (context) => resolveActor(services, requesterOf(context, trustProxy));
}
