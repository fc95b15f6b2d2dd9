import type { MediaInfo } from "@wr/contracts";
import { audioArgs, encodeArgs, GLOBAL_ARGS, inputArgs, PROGRESS_ARGS } from "../ffmpeg/args";
import { buildFilterGraph, type FilterMethod, GRAPH_OUTPUT } from "../filters/filter-graph";
import type { Region } from "../regions";

export type FilterMethodJob = {
  method: FilterMethod;
  media: MediaInfo;
  regions: readonly Region[];
  inputPath: string;
  outputPath: string;
};

/** The complete ffmpeg argument array for delogo, blur, pixelate and black. */
export function filterMethodArgs(job: FilterMethodJob): string[] {
  return [
    ...GLOBAL_ARGS,
    ...inputArgs(job.media, job.inputPath),
    "-filter_complex",
    buildFilterGraph(job.method, job.regions, job.media),
    "-map",
    GRAPH_OUTPUT,
    ...audioArgs(job.media, 0),
    ...PROGRESS_ARGS,
    ...encodeArgs(job.outputPath),
  ];
}
