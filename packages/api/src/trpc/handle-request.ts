import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Actor } from "../auth/actor";
import type { ServiceContext } from "../context";
import { appRouter } from "./app-router";

export const TRPC_ENDPOINT = "/api/trpc";

/** Serves tRPC over the Fetch API, so any server that speaks Request/Response can mount it. */
export function handleTrpcRequest(
  request: Request,
  services: ServiceContext,
  actor: Actor,
  origin: string,
): Promise<Response> {
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req: request,
    router: appRouter,
    createContext: () => ({ services, actor, origin }),
  });
}
