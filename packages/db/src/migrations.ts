import { fileURLToPath } from "node:url";

/** The SQL migrations of this package, found from this file, not from the working directory. */
export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));
