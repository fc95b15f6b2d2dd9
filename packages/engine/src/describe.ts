/** Wording for rejection messages: durations and frame rates as people read them. */
export function describeDuration(seconds: number): string {
  if (seconds < 60) return `${trimmed(seconds, 1)} s`;
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
}

export function describeFps(fps: number): string {
  return trimmed(fps, 2);
}

function trimmed(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}
