import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 6;

export const AUTH_MESSAGES = {
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  emailTaken: "Email already registered",
  invalidCredentials: "Invalid email or password",
  deactivated: "Account is deactivated",
  notAuthenticated: "Please log in to continue",
  notAdmin: "Admin access required",
  tooManyAttempts: "Too many login attempts. Please try again later.",
  wrongCurrentPassword: "Current password is incorrect",
  currentPasswordRequired: "Enter your current password to set a new one",
  nameRequired: "Name is required",
  emailInvalid: "Enter a valid email address",
} as const;

const email = z
  .string({ error: AUTH_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }).max(254, AUTH_MESSAGES.emailInvalid));
const password = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(256, "Password must be at most 256 characters");
const name = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(100, "Name must be at most 100 characters");

export const registerInputSchema = z.object({ name, email, password });
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = z.object({
  email: z.string({ error: AUTH_MESSAGES.invalidCredentials }).trim().toLowerCase().max(254),
  password: z.string({ error: AUTH_MESSAGES.invalidCredentials }).max(256),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** Only the name and the password can be changed by their owner; nothing else is read. */
export const profileInputSchema = z.object({
  name: name.optional(),
  currentPassword: z.string().max(256).optional(),
  newPassword: password.optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const USER_ROLES = ["user", "admin"] as const;
export const SUBSCRIPTIONS = ["free", "basic", "pro", "enterprise"] as const;

/** The user as every client sees it (SPEC.md §3): never a password hash. */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  subscription: z.enum(SUBSCRIPTIONS),
  credits: z.number().int(),
  totalVideosProcessed: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export type AuthResult = { token: string; user: PublicUser };
