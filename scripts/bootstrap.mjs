#!/usr/bin/env node
// Makes a fresh machine ready, then runs the product. Needs only Node and npm:
// installs the pinned Bun from the npm registry, the workspace's packages from bun.lock,
// and Debian's ffmpeg (and chromium and docker-compose for the tests) when they are missing.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const BUN_VERSION = "1.4.5";
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const toolsDir = join(root, ".tools");

const commands = {
  start: { run: ["apps/server/src/main.ts"], apt: ["ffmpeg"], web: true },
  test: { run: ["scripts/run-tests.ts"], apt: ["ffmpeg", "chromium", "docker-compose"], web: true },
  bench: { run: ["scripts/bench.ts"], apt: ["ffmpeg"] },
  "bench-quality": { run: ["scripts/bench-quality.ts"], apt: ["ffmpeg"] },
  encoder: { run: ["apps/encoder/src/main.ts"], apt: ["ffmpeg"] },
  admin: { run: ["apps/server/src/cli.ts"], apt: [] },
};

/** What the web app is built from: a change to any of these makes the build stale. */
const webSources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "packages/admin/src",
  "packages/contracts/src",
];
const webBuild = join(root, "apps", "web", "dist", "index.html");

const [command = "start", ...rest] = process.argv.slice(2);
const plan = commands[command];
if (!plan) fail(`Unknown command "${command}". Use one of: ${Object.keys(commands).join(", ")}.`);

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function run(cmd, args, options = {}) {
  return spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...options });
}

function works(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: "ignore" });
  return result.status === 0;
}

function findBun() {
  const local = join(toolsDir, "node_modules", ".bin", "bun");
  if (existsSync(local) && works(local, ["--version"])) return local;
  const version = spawnSync("bun", ["--version"], { encoding: "utf8" });
  if (version.status === 0 && version.stdout.trim() === BUN_VERSION) return "bun";
  return null;
}

function ensureBun() {
  const found = findBun();
  if (found) return found;
  console.log(`Installing Bun ${BUN_VERSION} from the npm registry into .tools/ ...`);
  const result = run("npm", [
    "install",
    "--prefix",
    toolsDir,
    "--no-save",
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
    `bun@${BUN_VERSION}`,
  ]);
  const bun = result.status === 0 ? findBun() : null;
  if (!bun)
    fail(
      `Could not install Bun ${BUN_VERSION}. Install it (npm install -g bun@${BUN_VERSION}) and retry.`,
    );
  return bun;
}

const aptBinaries = {
  ffmpeg: ["ffmpeg", "ffprobe"],
  chromium: ["chromium"],
  // Validates docker/compose.yml offline in the tests; no Docker engine is needed.
  "docker-compose": ["docker-compose"],
};

function ensureAptPackages(packages) {
  const missing = packages.filter((pkg) =>
    aptBinaries[pkg].some((bin) => !works(bin, ["-version"]) && !works(bin, ["--version"])),
  );
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !works("apt-get", ["--version"])) {
    fail(
      `Missing: ${missing.join(", ")}. Install ${missing.length > 1 ? "them" : "it"} (on Debian: sudo apt-get install -y ${missing.join(" ")}) and retry.`,
    );
  }
  console.log(`Installing ${missing.join(", ")} with apt-get ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["update", "-qq"], { env }).status !== 0) fail("apt-get update failed.");
  if (run("apt-get", ["install", "-y", "-qq", ...missing], { env }).status !== 0) {
    fail(`apt-get could not install ${missing.join(", ")}.`);
  }
}

const bun = ensureBun();
if (run(bun, ["install", "--frozen-lockfile", "--silent"]).status !== 0) {
  fail(
    "bun install --frozen-lockfile failed: bun.lock and package.json disagree, or the registry is unreachable.",
  );
}
ensureAptPackages(plan.apt);

function newestChange(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

function ensureWebBuild() {
  const builtAt = existsSync(webBuild) ? statSync(webBuild).mtimeMs : 0;
  const changedAt = Math.max(...webSources.map((source) => newestChange(join(root, source))));
  if (builtAt > changedAt) return;
  console.log("Building the web app ...");
  if (run(bun, ["run", "build"], { cwd: join(root, "apps", "web") }).status !== 0) {
    fail("The web app did not build.");
  }
}

if (plan.web) ensureWebBuild();

const binDir = dirname(bun === "bun" ? "bun" : bun);
const env = {
  ...process.env,
  PATH: bun === "bun" ? process.env.PATH : `${binDir}:${process.env.PATH}`,
};
const child = run(bun, [...plan.run, ...rest], { env });
process.exit(child.status ?? 1);
