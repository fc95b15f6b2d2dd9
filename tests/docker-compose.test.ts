import { expect, test } from "bun:test";
import { join } from "node:path";
import { runProcess } from "./run-process";

const ROOT = join(import.meta.dir, "..");
const COMPOSE = join(ROOT, "docker", "compose.yml");

/** Debian's docker-compose validates the file offline (no Docker engine runs here). */
function compose(args: string[], env: Record<string, string | undefined>) {
  const { ENCODER_TOKEN: _, ...rest } = process.env;
  return runProcess(["docker-compose", "-f", COMPOSE, ...args], {
    cwd: ROOT,
    env: { ...rest, ...env },
  });
}

const TOKEN = { ENCODER_TOKEN: "a-secret-of-sixteen-or-more" };

test("docker/compose.yml is valid: postgres, redis, server and a scalable encoder pool", async () => {
  const checked = await compose(["config", "-q"], TOKEN);
  if (checked.code !== 0) console.error(checked.stderr);
  expect(checked.code).toBe(0);
  const services = await compose(["config", "--services"], TOKEN);
  expect(services.stdout.trim().split("\n").sort()).toEqual([
    "encoder",
    "encoder-gpu",
    "postgres",
    "redis",
    "server",
  ]);
  const scaled = await compose(["config"], { ...TOKEN, ENCODER_REPLICAS: "5" });
  expect(scaled.stdout).toMatch(/replicas: 5/);
});

test("the gpu profile adds an NVENC encoder with the NVIDIA device reservation", async () => {
  const rendered = await compose(["--profile", "gpu", "config"], TOKEN);
  expect(rendered.code).toBe(0);
  const gpu = rendered.stdout.slice(rendered.stdout.indexOf("encoder-gpu:"));
  expect(gpu).toContain("dockerfile: docker/encoder-nvidia.Dockerfile");
  expect(gpu).toMatch(/driver: nvidia/);
  expect(gpu).toMatch(/- gpu\n\s+- video/);
});

test("compose refuses to start without an ENCODER_TOKEN, and says which setting", async () => {
  const missing = await compose(["config", "-q"], {});
  expect(missing.code).not.toBe(0);
  expect(missing.stderr).toContain("set ENCODER_TOKEN");
});
