import type { MediaInfo } from "@wr/contracts";
import type { Region } from "./regions";

/** What a method's runner gets: the checked regions and everything else processVideo was given. */
export type RunContext = {
  inputPath: string;
  outputPath: string;
  media: MediaInfo;
  regions: Region[];
  timeoutMs: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** Roles of our files, for hiding their paths in error messages. */
export function runPaths(
  run: Pick<RunContext, "inputPath" | "outputPath">,
): Record<string, string> {
  return { input: run.inputPath, output: run.outputPath };
}
