import {
  blockTrial,
  getStats,
  listFreeTrials,
  listOrders,
  listUsers,
  listVideos,
  recordTransfer,
  requireAdmin,
  type ServiceContext,
  setActive,
  setCredits,
} from "@wr/api";
import { pageInputSchema, setCreditsInputSchema, toggleActiveInputSchema } from "@wr/contracts";
import { Elysia } from "elysia";
import type { Identify, RequestContext } from "../http/identify";
import { readJson } from "../http/read-json";

/** The admin API: every route checks the admin role on the server before anything else. */
export function adminRoutes(services: ServiceContext, identify: Identify) {
  const admin = async (context: RequestContext) => requireAdmin(await identify(context));
  const pageOf = (request: Request) =>
    pageInputSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return new Elysia({ prefix: "/api/admin" })
    .get("/stats", async (context) => {
      await admin(context);
      return getStats({ ctx: services });
    })
    .get("/users", async (context) => {
      await admin(context);
      return listUsers({ ctx: services, input: pageOf(context.request) });
    })
    .get("/videos", async (context) => {
      await admin(context);
      return listVideos({ ctx: services, input: pageOf(context.request) });
    })
    .get("/free-trials", async (context) => {
      await admin(context);
      return listFreeTrials({ ctx: services, input: pageOf(context.request) });
    })
    .post(
      "/users/:id/credits",
      async (context) => {
        await admin(context);
        const { credits } = await readJson(context.request, setCreditsInputSchema);
        return setCredits({ ctx: services, input: { userId: context.params.id, credits } });
      },
      { parse: "none" },
    )
    .post(
      "/users/:id/toggle-active",
      async (context) => {
        const actor = await admin(context);
        const { isActive } = await readJson(context.request, toggleActiveInputSchema);
        return setActive({
          ctx: services,
          admin: actor,
          input: { userId: context.params.id, isActive },
        });
      },
      { parse: "none" },
    )
    .get("/orders", async (context) => {
      await admin(context);
      return listOrders({ ctx: services, input: pageOf(context.request) });
    })
    .post("/orders/:id/record-transfer", async (context) => {
      await admin(context);
      return recordTransfer({ ctx: services, input: { orderId: context.params.id } });
    })
    .post("/free-trials/:id/block", async (context) => {
      await admin(context);
      return blockTrial({ ctx: services, input: { trialId: context.params.id } });
    });
}
