const UNIQUE_VIOLATION = "23505";

/**
 * True when the error (or its cause, as drizzle wraps driver errors) is PostgreSQL's unique
 * violation, optionally of the named constraint (e.g. "users_email_unique"). Works for the
 * errors of both postgres.js and PGlite.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const fields = current as Error & {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
    };
    if (fields.code === UNIQUE_VIOLATION) {
      return (
        constraint === undefined || (fields.constraint_name ?? fields.constraint) === constraint
      );
    }
  }
  return false;
}
