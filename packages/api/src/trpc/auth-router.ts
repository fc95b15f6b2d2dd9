import { loginInputSchema, profileInputSchema, registerInputSchema } from "@wr/contracts";
import { login } from "../auth/login";
import { logout } from "../auth/logout";
import { register } from "../auth/register";
import { updateProfile } from "../auth/update-profile";
import { toPublicUser } from "../users/to-public-user";
import { publicProcedure, router, userProcedure } from "./init";

export const authRouter = router({
  register: publicProcedure
    .input(registerInputSchema)
    .mutation(({ ctx, input }) => register({ ctx: ctx.services, input })),
  login: publicProcedure
    .input(loginInputSchema)
    .mutation(({ ctx, input }) => login({ ctx: ctx.services, input, ip: ctx.actor.requester.ip })),
  me: userProcedure.query(({ ctx }) => ({ user: toPublicUser(ctx.user.user) })),
  updateProfile: userProcedure
    .input(profileInputSchema)
    .mutation(({ ctx, input }) => updateProfile({ ctx: ctx.services, actor: ctx.user, input })),
  logout: userProcedure.mutation(({ ctx }) => logout({ ctx: ctx.services, actor: ctx.user })),
});
