/**
 * At most `size` holders at a time; the others wait their turn, first come first served.
 * A waiter whose signal aborts leaves the line with the signal's reason.
 */
export class Semaphore {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  /** Resolves when it is the caller's turn, with the function that ends it (call it once). */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.#free > 0) {
      this.#free -= 1;
    } else {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener("abort", leave);
          resolve();
        };
        const leave = () => {
          const index = this.#waiting.indexOf(turn);
          if (index >= 0) this.#waiting.splice(index, 1);
          reject(signal?.reason);
        };
        this.#waiting.push(turn);
        signal?.addEventListener("abort", leave, { once: true });
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    };
  }
}
