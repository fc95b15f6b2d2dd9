// Runs every test (unit, integration, end-to-end) with bun test and ends with one summary line:
// `tests: N passed, M failed`.
const child = Bun.spawn(
  [process.execPath, "test", "--timeout", "300000", ...process.argv.slice(2)],
  {
    stdout: "inherit",
    stderr: "pipe",
    env: { ...process.env, FORCE_COLOR: "0" },
  },
);

let output = "";
const decoder = new TextDecoder();
for await (const chunk of child.stderr) {
  process.stderr.write(chunk);
  output += decoder.decode(chunk, { stream: true });
}
const code = await child.exited;

const count = (label: string) =>
  Number(new RegExp(`^\\s*(\\d+) ${label}$`, "m").exec(output)?.[1] ?? 0);
const passed = count("pass");
// A crash before bun prints its totals still counts as a failure.
const failed = count("fail") || (code === 0 ? 0 : 1);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(code === 0 && failed === 0 ? 0 : 1);
