import { existsSync } from "node:fs";
import { join, normalize, resolve, sep } from "node:path";
import { Elysia } from "elysia";

/** Serves the built SPA: its files, and index.html for any client route. */
export function webRoutes(webDir: string) {
  const root = resolve(webDir);
  const index = join(root, "index.html");
  return new Elysia().get("/*", ({ params, set }) => {
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
