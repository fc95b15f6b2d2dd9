import { formatPakistanTime, parsePakistanTime } from "./pakistan-time";

/**
 * pp_TxnRefNo: "a unique value created by the merchant to identify the transaction" (sandbox
 * documentation v4.2, API References). We use the form of JazzCash's own samples, "T" followed by
 * the transaction time yyyyMMddHHmmss (e.g. "T20221125153218"), then RANDOM_DIGITS random digits
 * so two checkouts in the same second differ: 20 characters, the length we keep to (the public
 * pages give no maximum; 20 is the commonly cited limit for this field).
 */
export const TXN_REF_NO_PATTERN = /^T(\d{14})(\d{5})$/;
const RANDOM_DIGITS = 5;

/** `random` returns a float in [0, 1), like Math.random; the default draws from crypto. */
export function txnRefNo(now: Date, random: () => number = cryptoRandom): string {
  const r = random();
  if (!(r >= 0 && r < 1)) throw new RangeError("random() must return a number in [0, 1)");
  const digits = String(Math.floor(r * 10 ** RANDOM_DIGITS)).padStart(RANDOM_DIGITS, "0");
  return `T${formatPakistanTime(now)}${digits}`;
}

/** The transaction time embedded in a reference made by txnRefNo, or null for any other string. */
export function txnRefNoTime(ref: string): Date | null {
  const m = TXN_REF_NO_PATTERN.exec(ref);
  return m?.[1] ? parsePakistanTime(m[1]) : null;
}

function cryptoRandom(): number {
  const [word = 0] = crypto.getRandomValues(new Uint32Array(1));
  return word / 2 ** 32;
}
