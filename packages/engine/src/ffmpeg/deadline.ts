/** The reason a run is stopped when its wall-clock limit passes. */
export class TimeLimitReached extends Error {
  constructor(readonly limitMs: number) {
    super(`Time limit of ${limitMs} ms reached`);
    this.name = "TimeLimitReached";
  }
}

export type Deadline = {
  /** Aborts at the time limit, when the caller's signal aborts, or on abort(). */
  signal: AbortSignal;
  abort(reason: unknown): void;
  /**
   * Whether the run must stop, for work that holds the thread (no timer fires meanwhile):
   * reading the clock, it aborts with the time limit once that has passed.
   */
  expired(): boolean;
  /** Clears the timer and the caller's listener; call once the run is over. */
  dispose(): void;
};

/** setTimeout fires at once past 2^31-1 ms; longer limits wait that long (about 24 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function startDeadline(timeoutMs: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  const abort = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const delay = Math.min(Math.max(0, timeoutMs), MAX_TIMER_MS);
  const expiresAt = performance.now() + delay;
  const timer = setTimeout(() => abort(new TimeLimitReached(timeoutMs)), delay);
  const onOuterAbort = () => abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener("abort", onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    abort,
    expired() {
      if (performance.now() >= expiresAt) abort(new TimeLimitReached(timeoutMs));
      return controller.signal.aborted;
    },
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onOuterAbort);
    },
  };
}
