import { loadHardwareEnv } from "./env";
import { probeHardware } from "./hardware";
import { processCommand } from "./process-command";
import { runWorker } from "./worker";

const [command, ...args] = process.argv.slice(2);

try {
  if (command === "process") {
    await processCommand(args);
  } else if (command === "probe") {
    // The probe needs no queue or server: only what to try.
    const { report } = await probeHardware(loadHardwareEnv());
    console.log(JSON.stringify(report, null, 2));
  } else if (command === undefined || command === "work") {
    await runWorker();
  } else {
    throw new Error(`Unknown command "${command}": use work (default), probe or process`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
