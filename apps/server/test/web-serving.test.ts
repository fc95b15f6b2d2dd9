import { afterAll, beforeAll, expect, test } from "bun:test";
import { type RunningServer, startServer } from "./support/server-process";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ database: "pglite", queue: "in-process" });
});
afterAll(() => server?.stop());

test("client routes get the app's index.html, never cached; unknown API paths get JSON 404", async () => {
  for (const path of ["/", "/dashboard", "/payment/manual?order_id=x", "/no/such/page"]) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain('<div id="root"></div>');
  }
  const api = await fetch(`${server.url}/api/nope`);
  expect(api.status).toBe(404);
  expect(await api.json()).toEqual({ success: false, error: "No such endpoint: /api/nope" });
});

test("hashed assets are served with a long immutable cache", async () => {
  const html = await (await fetch(`${server.url}/`)).text();
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(script).toStartWith("/assets/");
  const asset = await fetch(`${server.url}${script}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(asset.headers.get("content-type")).toContain("javascript");
});
