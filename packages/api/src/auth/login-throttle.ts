export type ThrottleLimits = { maxPerEmail: number; maxPerIp: number; windowMs: number };

/**
 * Brute-force brakes for login, counted in this process over a sliding window: every attempt
 * per client IP, and failed attempts per email (a success clears that email's count).
 */
export class LoginThrottle {
  readonly #attempts = new Map<string, number[]>();

  constructor(private readonly limits: ThrottleLimits) {}

  /** Seconds to wait before trying again, or 0 when this attempt may go ahead. */
  retryAfter(ip: string, email: string, now = Date.now()): number {
    const waits = [
      this.#wait(`ip:${ip}`, this.limits.maxPerIp, now),
      this.#wait(`email:${email}`, this.limits.maxPerEmail, now),
    ];
    return Math.max(...waits);
  }

  recordAttempt(ip: string, now = Date.now()): void {
    this.#record(`ip:${ip}`, now);
  }

  recordFailure(email: string, now = Date.now()): void {
    this.#record(`email:${email}`, now);
  }

  recordSuccess(email: string): void {
    this.#attempts.delete(`email:${email}`);
  }

  #recent(key: string, now: number): number[] {
    const since = now - this.limits.windowMs;
    const recent = (this.#attempts.get(key) ?? []).filter((time) => time > since);
    if (recent.length === 0) this.#attempts.delete(key);
    else this.#attempts.set(key, recent);
    return recent;
  }

  #wait(key: string, max: number, now: number): number {
    const recent = this.#recent(key, now);
    if (recent.length < max) return 0;
    const oldest = recent[recent.length - max] ?? now;
    return Math.max(1, Math.ceil((oldest + this.limits.windowMs - now) / 1000));
  }

  #record(key: string, now: number): void {
    this.#attempts.set(key, [...this.#recent(key, now), now]);
  }
}
