import { z } from "zod";

export const METHODS = ["smartfill", "delogo", "blur", "pixelate", "black"] as const;

export const methodSchema = z.enum(METHODS, {
  error: () => `Unknown method: choose one of ${METHODS.join(", ")}`,
});

export type Method = z.infer<typeof methodSchema>;

/** Methods that honour a rectangle's [startTime, endTime]; smartfill works on the whole video. */
export function methodUsesTimeRange(method: Method): boolean {
  return method !== "smartfill";
}
