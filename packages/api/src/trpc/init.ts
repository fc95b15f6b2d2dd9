import { initTRPC, TRPCError } from "@trpc/server";
import type { ErrorCode } from "@wr/contracts";
import { type Actor, requireAdmin, requireUser } from "../auth/actor";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";

/** `origin`: the public origin payment pages and return URLs are built on. */
export type TrpcContext = { services: ServiceContext; actor: Actor; origin: string };

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause instanceof AppError ? error.cause : null;
    return { ...shape, data: { ...shape.data, stack: undefined, extra: cause?.extra } };
  },
});

const TRPC_CODES: Record<ErrorCode, TRPCError["code"]> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  PAYMENT_REQUIRED: "PAYMENT_REQUIRED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  GONE: "NOT_FOUND",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA: "UNSUPPORTED_MEDIA_TYPE",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  INTERNAL: "INTERNAL_SERVER_ERROR",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

/** The one place service errors become tRPC errors; every procedure goes through it. */
const serviceErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODES[cause.kind], message: cause.message, cause });
  }
  return result;
});

export const router = t.router;

/** The procedure tiers: a procedure cannot forget its check, the tier makes it. */
export const publicProcedure = t.procedure.use(serviceErrors);
export const userProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireUser(ctx.actor) } }),
);
export const adminProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, admin: requireAdmin(ctx.actor) } }),
);
