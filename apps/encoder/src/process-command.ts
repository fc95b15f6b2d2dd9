import { parseArgs } from "node:util";
import { methodSchema, type Rectangle, rectangleSchema } from "@wr/contracts";
import { probeMedia, processVideo } from "@wr/engine";

const USAGE =
  "usage: encoder process IN OUT --method METHOD --rect x,y,width,height[,start,end] [--rect ...]";

/** `encoder process IN OUT --rect ... --method ...`: one removal from the command line. */
export async function processCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { method: { type: "string" }, rect: { type: "string", multiple: true } },
  });
  const [input, output] = positionals;
  if (!input || !output || !values.rect?.length) throw new Error(USAGE);
  const method = methodSchema.parse(values.method);
  const rectangles = values.rect.map(parseRect);
  const media = await probeMedia(input, {
    maxDimension: 8192,
    maxDurationS: 24 * 3600,
    maxFps: 240,
    timeoutMs: 60_000,
  });
  let shown = -1;
  await processVideo({
    inputPath: input,
    outputPath: output,
    media,
    method,
    rectangles,
    timeoutMs: 24 * 3600 * 1000,
    onProgress: (percent) => {
      const rounded = Math.floor(percent);
      if (rounded === shown) return;
      shown = rounded;
      process.stderr.write(`\r${rounded}%`);
    },
  });
  process.stderr.write("\rdone\n");
}

function parseRect(text: string): Rectangle {
  const [x, y, width, height, startTime, endTime] = text.split(",").map(Number);
  return rectangleSchema.parse({ x, y, width, height, startTime, endTime });
}
