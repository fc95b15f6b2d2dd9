export { isUniqueViolation } from "./errors";
export { type OpenDatabaseOptions, openDatabase } from "./open";
export * from "./schema";
export type { Database, DatabaseKind, Db } from "./types";
