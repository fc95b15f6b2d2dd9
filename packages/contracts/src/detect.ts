import { z } from "zod";

export const detectInputSchema = z.object({
  filename: z.string({ error: "filename is required" }).min(1, "filename is required"),
});
export type DetectInput = z.infer<typeof detectInputSchema>;

/**
 * A suggested watermark area: a box in video pixels, the seconds [startTime, endTime] in which
 * the mark shows (0 and the duration when it shows throughout), and how sure detection is (0..1).
 */
export const detectedAreaSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  startTime: z.number(),
  endTime: z.number(),
  confidence: z.number().min(0).max(1),
});
export type DetectedArea = z.infer<typeof detectedAreaSchema>;

export const detectResultSchema = z.object({
  success: z.literal(true),
  areas: z.array(detectedAreaSchema),
});
export type DetectResult = z.infer<typeof detectResultSchema>;
