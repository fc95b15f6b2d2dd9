import { defineConfig } from "drizzle-kit";

// Column names are spelled out in snake_case in the schema, so no `casing` option is needed here
// or in drizzle(): the schema alone decides the SQL names.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema/index.ts",
  out: "./migrations",
});
