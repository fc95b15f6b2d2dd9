/** How long a producer call may wait for Redis before the caller gets an error. */
const REDIS_WAIT_MS = 5_000;

/** Bounds a Redis call, so requests get a clear error while Redis is down instead of hanging. */
export function withinRedisWait<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Redis did not answer in time")), REDIS_WAIT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
