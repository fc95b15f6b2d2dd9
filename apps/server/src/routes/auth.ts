import {
  getTrialStatus,
  login,
  logout,
  register,
  requireUser,
  type ServiceContext,
  toPublicUser,
  updateProfile,
} from "@wr/api";
import { loginInputSchema, profileInputSchema, registerInputSchema } from "@wr/contracts";
import { Elysia } from "elysia";
import type { Identify } from "../http/identify";
import { readJson } from "../http/read-json";

/** Accounts and the guest's trial status (SPEC.md §7). */
export function authRoutes(services: ServiceContext, identify: Identify) {
  return new Elysia()
    .post(
      "/api/auth/register",
      async ({ request }) => {
        const input = await readJson(request, registerInputSchema);
        return Response.json(await register({ ctx: services, input }), { status: 201 });
      },
      { parse: "none" },
    )
    .post(
      "/api/auth/login",
      async (context) => {
        const input = await readJson(context.request, loginInputSchema);
        const actor = await identify(context);
        return login({ ctx: services, input, ip: actor.requester.ip });
      },
      { parse: "none" },
    )
    .get("/api/auth/me", async (context) => {
      const { user } = requireUser(await identify(context));
      return { user: toPublicUser(user) };
    })
    .put(
      "/api/auth/profile",
      async (context) => {
        const actor = requireUser(await identify(context));
        const input = await readJson(context.request, profileInputSchema);
        return updateProfile({ ctx: services, actor, input });
      },
      { parse: "none" },
    )
    .post("/api/auth/logout", async (context) =>
      logout({ ctx: services, actor: requireUser(await identify(context)) }),
    )
    .get("/api/free-trial-status", async (context) => {
      const actor = await identify(context);
      return getTrialStatus({ ctx: services, fingerprint: actor.requester.fingerprint });
    });
}
