import { existsSync } from "node:fs";
import { join, normalize, resolve, sep } from "node:path";
import { Elysia } from "elysia";

/**
 * Serves the built SPA: its files, and index.html for any client route. Paths under /api that
 * no route took are unknown endpoints, never the SPA.
 */
export function webRoutes(webDir: string, unknownApi: (request: Request) => Error) {
  const root = resolve(webDir);
  const index = join(root, "index.html");
  return new Elysia()
    .all("/api/*", ({ request }) => {
      throw unknownApi(request);
    })
    .get("/*", ({ params, set }) => {
      const wanted = normalize(join(root, params["*"] ?? ""));
      if (wanted.startsWith(root + sep) && existsSync(wanted) && Bun.file(wanted).size > 0) {
        return Bun.file(wanted);
      }
      if (!existsSync(index)) {
        set.status = 404;
        return "Not found";
      }
      return Bun.file(index);
    });
}
