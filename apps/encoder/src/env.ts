import { parseEnv, serviceEnvShape } from "@wr/api";
import { HARDWARE_ENCODERS, type HardwareEncoder } from "@wr/contracts";
import { DEFAULT_VAAPI_DEVICE } from "@wr/engine";
import { z } from "zod";

/** "h264_nvenc,h264_vaapi" (the default), in order of preference; "none" for software only. */
const candidatesSchema = z
  .string()
  .default(HARDWARE_ENCODERS.join(","))
  .transform((text, issue) => {
    const names = text
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== "" && name !== "none");
    const unknown = names.filter((name) => !HARDWARE_ENCODERS.includes(name as HardwareEncoder));
    if (unknown.length === 0) return names as HardwareEncoder[];
    issue.addIssue({
      code: "custom",
      message: `unknown encoder ${unknown.join(", ")}: use ${HARDWARE_ENCODERS.join(", ")} or none`,
    });
    return z.NEVER;
  });

/** What the hardware probe needs: the candidates to try and VAAPI's device. */
const hardwareEnvSchema = z.object({
  ENCODER_CANDIDATES: candidatesSchema,
  VAAPI_DEVICE: z.string().min(1).default(DEFAULT_VAAPI_DEVICE),
});
export type HardwareEnv = z.infer<typeof hardwareEnvSchema>;

const encoderEnvSchema = serviceEnvShape
  .extend({
    ...hardwareEnvSchema.shape,
    /** Set on a node that does not share the server's disk: files go over the internal API. */
    SERVER_URL: z
      .string()
      .optional()
      .transform((url) => url?.trim().replace(/\/+$/, "") || undefined)
      .refine((url) => url === undefined || /^https?:\/\/[^/]/.test(url), {
        message: "SERVER_URL must be an http(s) address such as http://server:3000",
      }),
    /** How long SIGTERM waits for running jobs before handing them back to the queue. */
    SHUTDOWN_GRACE_S: z.coerce.number().min(0).default(60),
  })
  .superRefine((env, issue) => {
    const missing = (path: string, message: string) =>
      issue.addIssue({ code: "custom", path: [path], message });
    if (!env.REDIS_URL) {
      missing("REDIS_URL", "REDIS_URL is required: an encoder takes its jobs from the Redis queue");
    }
    if (env.SERVER_URL && !env.ENCODER_TOKEN) {
      missing("ENCODER_TOKEN", "ENCODER_TOKEN is required with SERVER_URL (the server's own)");
    }
    if (!env.SERVER_URL && !env.DATABASE_URL) {
      missing(
        "SERVER_URL",
        "set SERVER_URL and ENCODER_TOKEN (a node on its own disk), or DATABASE_URL and the " +
          "server's DATA_DIR (a node sharing the server's disk)",
      );
    }
  });

export type EncoderEnv = z.infer<typeof encoderEnvSchema>;

export function loadEncoderEnv(source: Record<string, unknown> = process.env): EncoderEnv {
  return parseEnv(encoderEnvSchema, source);
}

export function loadHardwareEnv(source: Record<string, unknown> = process.env): HardwareEnv {
  return parseEnv(hardwareEnvSchema, source);
}
