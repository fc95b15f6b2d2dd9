import { z } from "zod";

export const TRIAL_MESSAGES = {
  fingerprintRequired: "Missing or malformed x-fingerprint header",
  limitReached: "Free trial limit reached. Sign up to keep removing watermarks.",
  blocked: "The free trial is not available on this device. Sign up to continue.",
  noCredits: "No credits left. Buy a credit package to continue.",
} as const;

/** What a guest's browser sends to identify itself: printable, bounded. */
export const fingerprintSchema = z
  .string()
  .trim()
  .min(8)
  .max(256)
  .regex(/^[\x21-\x7e]+$/);

export const freeTrialInfoSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
  blocked: z.boolean(),
});
export type FreeTrialInfo = z.infer<typeof freeTrialInfoSchema>;
