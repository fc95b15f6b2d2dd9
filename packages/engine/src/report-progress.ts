/** Calls the caller's progress callback; a failing callback must not fail the run it reports on. */
export function reportProgress(
  onProgress: ((percent: number) => void) | undefined,
  percent: number,
): void {
  try {
    onProgress?.(percent);
  } catch {
    // ignored on purpose
  }
}
