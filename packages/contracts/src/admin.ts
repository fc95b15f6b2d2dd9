import { z } from "zod";
import type { EncoderPool } from "./encoders";

export const ADMIN_MESSAGES = {
  cannotChangeSelf: "You cannot deactivate your own account",
  userNotFound: "User not found",
  trialNotFound: "Trial session not found",
} as const;

export const pageInputSchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageInput = z.infer<typeof pageInputSchema>;

export type Page<T> = { items: T[]; total: number; limit: number; offset: number };

export const setCreditsInputSchema = z.object({
  credits: z
    .number({ error: "credits must be a whole number from 0" })
    .int("credits must be a whole number from 0")
    .min(0, "credits must be a whole number from 0")
    .max(1_000_000_000),
});

export const toggleActiveInputSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }),
});

export type AdminStats = {
  totalUsers: number;
  totalVideos: number;
  activeUsers: number;
  freeTrials: number;
  videosBySubscription: { _id: string; count: number }[];
  /** The encoder nodes, the queue's depth and the jobs running now. */
  pool: EncoderPool;
};
