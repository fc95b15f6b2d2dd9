import { afterAll, beforeAll, expect, test } from "bun:test";
import { cp, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import packageConfig from "../drizzle.config";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const drizzleKit = fileURLToPath(new URL("./bin.cjs", import.meta.resolve("drizzle-kit")));
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "wr-db-drift-"));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

test("the committed migrations match the schema (run `bun run db:generate` after a schema change)", async () => {
  // drizzle-kit generate against a copy of the migrations: it writes a new migration only if the
  // schema has changed since the last one. It wants `out` relative to its working directory, so
  // it runs in the temp folder with the package's config and an absolute schema path.
  const out = join(workDir, "migrations");
  await cp(join(packageDir, "migrations"), out, { recursive: true });
  const config = join(workDir, "drizzle.config.ts");
  await writeFile(config, driftConfig());
  const before = await listFiles(out);

  const kit = Bun.spawn(
    [process.execPath, drizzleKit, "generate", "--config", config, "--name", "drift_check"],
    {
      cwd: workDir,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      timeout: 30_000,
    },
  );
  const [exitCode, stdout, stderr] = await Promise.all([
    kit.exited,
    new Response(kit.stdout).text(),
    new Response(kit.stderr).text(),
  ]);

  expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: "" });
  expect(stdout).toContain("No schema changes");
  expect(await listFiles(out)).toEqual(before);
}, 40_000);

function driftConfig(): string {
  if (typeof packageConfig.schema !== "string") throw new Error("expected one schema entry point");
  const base = JSON.stringify(join(packageDir, "drizzle.config.ts"));
  const schema = JSON.stringify(resolve(packageDir, packageConfig.schema));
  return `import base from ${base};\nexport default { ...base, schema: ${schema}, out: "./migrations" };\n`;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.sort();
}
