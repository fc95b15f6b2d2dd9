import { existsSync, statSync } from "node:fs";
import { join, normalize, resolve, sep } from "node:path";
import { Elysia } from "elysia";

/** Built assets carry a content hash in their names: they never change under one name. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built SPA: its files, and index.html for any client route (never cached, so a
 * new build is picked up at once). Paths under /api that no route took are unknown endpoints.
 */
export function webRoutes(webDir: string, unknownApi: (request: Request) => Error) {
  const root = resolve(webDir);
  const index = join(root, "index.html");
  const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
  return new Elysia()
    .all("/api/*", ({ request }) => {
      throw unknownApi(request);
    })
    .get("/*", ({ params, request }) => {
      // Elysia prefers this GET wildcard over the one above: API paths are checked here too.
      if (new URL(request.url).pathname.startsWith("/api/")) throw unknownApi(request);
      const wanted = normalize(join(root, params["*"] ?? ""));
      if (wanted.startsWith(root + sep) && wanted !== index && isFile(wanted)) {
        const cache = wanted.startsWith(join(root, "assets") + sep) ? IMMUTABLE : "no-cache";
        return new Response(Bun.file(wanted), { headers: { "Cache-Control": cache } });
      }
      if (!isFile(index)) {
        return new Response("The web app is not built: run npm start.", { status: 503 });
      }
      return new Response(Bun.file(index), { headers: { "Cache-Control": "no-cache" } });
    });
}
