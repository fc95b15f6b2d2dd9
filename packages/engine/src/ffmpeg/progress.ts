export type ProgressTotals = { frameCount: number; durationS: number };

/**
 * Percent done (0..100) from the key=value lines ffmpeg writes with `-progress`: the last
 * frame= counts against the expected frames, else out_time_us against the duration. Only
 * progress=end gives 100; before it the value stops at 99. Null when the lines say nothing.
 */
export function progressPercent(lines: readonly string[], totals: ProgressTotals): number | null {
  let frame: number | null = null;
  let outTimeUs: number | null = null;
  for (const line of lines) {
    const [key, value] = splitLine(line);
    if (key === "progress" && value === "end") return 100;
    if (key === "frame") frame = nonNegative(value) ?? frame;
    if (key === "out_time_us") outTimeUs = nonNegative(value) ?? outTimeUs;
  }
  if (frame !== null && totals.frameCount > 0) return bounded((frame / totals.frameCount) * 100);
  if (outTimeUs !== null && totals.durationS > 0) {
    return bounded((outTimeUs / (totals.durationS * 1e6)) * 100);
  }
  return null;
}

function splitLine(line: string): [string, string] {
  const at = line.indexOf("=");
  if (at < 0) return [line.trim(), ""];
  return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
}

function nonNegative(value: string): number | null {
  if (!/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

function bounded(percent: number): number {
  return Math.min(99, Math.max(0, Math.round(percent * 10) / 10));
}
