import type { MediaInfo } from "@wr/contracts";
import { audioArgs, encodeArgs, GLOBAL_ARGS, inputArgs, PROGRESS_ARGS } from "../ffmpeg/args";
import { buildFilterGraph, type FilterMethod, GRAPH_OUTPUT } from "../filters/filter-graph";
import {
  type EncoderRung,
  hardwareInputArgs,
  SOFTWARE_RUNG,
  uploadFilter,
} from "../hardware/encoder-profiles";
import type { Region } from "../regions";

export type FilterMethodJob = {
  method: FilterMethod;
  media: MediaInfo;
  regions: readonly Region[];
  inputPath: string;
  outputPath: string;
  /** The encoder and decode path; libx264 when absent. */
  rung?: EncoderRung;
};

/** Where frames leave the graph for a hardware encoder that reads them from its device. */
const DEVICE_OUTPUT = "[vdev]";

/** The complete ffmpeg argument array for delogo, blur, pixelate and black. */
export function filterMethodArgs(job: FilterMethodJob): string[] {
  const rung = job.rung ?? SOFTWARE_RUNG;
  const graph = buildFilterGraph(job.method, job.regions, job.media);
  const upload = uploadFilter(rung);
  return [
    ...GLOBAL_ARGS,
    ...hardwareInputArgs(rung),
    ...inputArgs(job.media, job.inputPath),
    "-filter_complex",
    upload ? `${graph};${GRAPH_OUTPUT}${upload}${DEVICE_OUTPUT}` : graph,
    "-map",
    upload ? DEVICE_OUTPUT : GRAPH_OUTPUT,
    ...audioArgs(job.media, 0),
    ...PROGRESS_ARGS,
    ...encodeArgs(job.outputPath, rung),
  ];
}
