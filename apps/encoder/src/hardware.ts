import { detectEncoders } from "@wr/engine";
import type { HardwareEnv } from "./env";

/** The node's hardware report: each candidate's trial encode, and what jobs will use. */
export function probeHardware(env: HardwareEnv) {
  return detectEncoders(
    env.ENCODER_CANDIDATES.map((encoder) => ({ encoder, device: env.VAAPI_DEVICE })),
  );
}
