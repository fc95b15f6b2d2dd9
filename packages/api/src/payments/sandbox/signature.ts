import { createHmac, timingSafeEqual } from "node:crypto";

/** The sandbox signs what it sends back through the browser, as real gateways do. */
export function signReturn(secret: string, fields: Record<string, string>): string {
  const canonical = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join("&");
  return createHmac("sha256", secret).update(canonical).digest("hex");
}

export function verifyReturn(
  secret: string,
  fields: Record<string, string>,
  signature: string,
): boolean {
  const expected = Buffer.from(signReturn(secret, fields), "hex");
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
