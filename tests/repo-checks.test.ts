import { expect, test } from "bun:test";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);

async function run(command: string[]) {
  const child = Bun.spawn(command, { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, output: `${stdout}${stderr}` };
}

test("biome check: the whole repository is formatted and lint-clean", async () => {
  const { code, output } = await run([bin("biome"), "check", "."]);
  if (code !== 0) console.error(output);
  expect(code).toBe(0);
});

test.each(["tsconfig.json", "apps/web/tsconfig.json"])(
  "TypeScript strict: no type errors in %s",
  async (project) => {
    const { code, output } = await run([bin("tsc"), "-p", project, "--noEmit"]);
    if (code !== 0) console.error(output);
    expect(code).toBe(0);
  },
);
