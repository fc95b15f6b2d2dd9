import { parseArgs } from "node:util";
import { createServices, ensureAdmin, recordTransfer } from "@wr/api";
import { loadServerEnv } from "./env";

const USAGE = [
  "usage: admin create-admin --email EMAIL --password PASSWORD [--name NAME]",
  "       admin record-transfer ORDER_ID",
].join("\n");

/** Operator commands, run with the server's settings (DATABASE_URL, DATA_DIR). */
async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === "record-transfer") return recordTransferCommand(rest);
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

/** A bank transfer for this order arrived: settle it (credits granted once). */
async function recordTransferCommand(args: string[]): Promise<void> {
  const [orderId] = args;
  if (!orderId) throw new Error(USAGE);
  const services = await createServices(loadServerEnv());
  try {
    const result = await recordTransfer({ ctx: services.ctx, input: { orderId } });
    console.log(`Order ${orderId}: ${result.status}.`);
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
