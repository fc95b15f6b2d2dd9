import { parseArgs } from "node:util";
import { createServices, ensureAdmin } from "@wr/api";
import { loadServerEnv } from "./env";

const USAGE = "usage: admin create-admin --email EMAIL --password PASSWORD [--name NAME]";

/** Operator commands, run with the server's settings (DATABASE_URL, DATA_DIR). */
async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command !== "create-admin") throw new Error(USAGE);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
    },
  });
  if (!values.email || !values.password) throw new Error(USAGE);
  const services = await createServices(loadServerEnv());
  try {
    const admin = await ensureAdmin({
      ctx: services.ctx,
      input: { email: values.email, password: values.password, name: values.name },
    });
    console.log(`Administrator ${admin.email} ${admin.created ? "created" : "promoted"}.`);
  } finally {
    await services.close();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
