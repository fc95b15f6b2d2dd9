import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * pp_SecureHash, per the JazzCash sandbox documentation v4.2, "Features > Hashing Scheme"
 * (https://sandbox.jazzcash.com.pk/SandboxDocumentation/v4.2/features.html):
 * - the HMAC covers every field whose name begins with "pp" (so pp_… and ppmpf_…), other than
 *   pp_SecureHash itself;
 * - the values are joined with "&" in the ASCII order of the field names;
 * - the shared secret (integrity salt) is prepended, followed by "&";
 * - HMAC-SHA256 keyed with the same secret (UTF-8), written in hexadecimal.
 * Fields with an empty value are left out: the hashing section does not say so, but its worked
 * example has only non-empty fields and the page-redirection sample code circulated for the
 * sandbox skips empty values. The section also mentions an
 * ISO-8859-1 step; for the ASCII values we send it changes nothing, so we hash UTF-8 bytes.
 * We write upper-case hex, as JazzCash does in its samples; verification ignores case.
 */
export function secureHash(fields: Record<string, string>, integritySalt: string): string {
  return createHmac("sha256", integritySalt)
    .update(hashInput(fields, integritySalt), "utf8")
    .digest("hex")
    .toUpperCase();
}

/** The exact string that is HMAC'd: salt, then the sorted non-empty pp values, "&"-joined. */
export function hashInput(fields: Record<string, string>, integritySalt: string): string {
  const names = Object.keys(fields)
    .filter((name) => isHashedField(name) && (fields[name] ?? "") !== "")
    .sort(byAscii);
  return [integritySalt, ...names.map((name) => fields[name])].join("&");
}

/** True when `fields.pp_SecureHash` is the hash of the other fields (any hex case). */
export function verifySecureHash(fields: Record<string, string>, integritySalt: string): boolean {
  const given = fields.pp_SecureHash ?? "";
  if (!/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = Buffer.from(secureHash(fields, integritySalt), "latin1");
  return timingSafeEqual(Buffer.from(given.toUpperCase(), "latin1"), expected);
}

function isHashedField(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("pp") && lower !== "pp_securehash";
}

/** Code-unit order, which is ASCII order for the ASCII field names JazzCash uses. */
function byAscii(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
