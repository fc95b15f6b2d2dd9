import { parseEnv, serviceEnvShape } from "@wr/api";
import type { z } from "zod";

const encoderEnvSchema = serviceEnvShape.refine((env) => env.REDIS_URL, {
  message: "REDIS_URL is required: an encoder takes its jobs from the Redis queue",
  path: ["REDIS_URL"],
});

export type EncoderEnv = z.infer<typeof encoderEnvSchema>;

export function loadEncoderEnv(source: Record<string, unknown> = process.env): EncoderEnv {
  return parseEnv(encoderEnvSchema, source);
}
