/**
 * Numbers are the only values we put into filter strings; these refuse anything that could
 * carry more than a plain decimal (NaN, Infinity, exponents, negative pixels).
 */
export function formatPixels(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Not a pixel count: ${value}`);
  }
  return String(value);
}

const MAX_SECONDS = 1e9;

/** Seconds with at most millisecond precision, never in exponent form: 1.5 -> "1.5", 2 -> "2". */
export function formatSeconds(value: number): string {
  if (!Number.isFinite(value) || value < 0 || value > MAX_SECONDS) {
    throw new RangeError(`Not a time in seconds: ${value}`);
  }
  return value.toFixed(3).replace(/\.?0+$/, "");
}
