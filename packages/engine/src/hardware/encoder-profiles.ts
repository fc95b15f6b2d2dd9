import type { VideoEncoder } from "@wr/contracts";

/** The render node VAAPI opens unless the node's settings name another. */
export const DEFAULT_VAAPI_DEVICE = "/dev/dri/renderD128";

/** An encoder a node may use, with the device it opens (VAAPI's render node). */
export type EncoderChoice = { encoder: VideoEncoder; device?: string };

/** One step of the ladder: an encoder, with or without decoding on the same hardware. */
export type EncoderRung = EncoderChoice & { hardwareDecode: boolean };

export const SOFTWARE_RUNG: EncoderRung = { encoder: "libx264", hardwareDecode: false };

type Profile = {
  /** Global options that open the device, before any input. */
  device(path: string): string[];
  /** Decoding on the device, before the input; frames come back to memory for our filters. */
  decode(path: string): string[];
  /** Appended to the video filters: moves frames onto the device the encoder reads from. */
  upload: string | null;
  /** The codec at constant quality equivalent to CRF 18, and the pixel format. */
  codec: string[];
};

/** The flat table of the three paths; nothing else knows an encoder's options. */
const PROFILES: Record<VideoEncoder, Profile> = {
  libx264: {
    device: () => [],
    decode: () => [],
    upload: null,
    codec: ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p"],
  },
  h264_nvenc: {
    device: () => [],
    decode: () => ["-hwaccel", "cuda"],
    upload: null,
    // Constant quality 18 with no bitrate cap: NVENC's counterpart of CRF 18.
    codec: [
      ...["-c:v", "h264_nvenc", "-preset", "p5", "-tune", "hq"],
      ...["-rc", "vbr", "-cq", "18", "-b:v", "0", "-pix_fmt", "yuv420p"],
    ],
  },
  h264_vaapi: {
    device: (path) => ["-vaapi_device", path],
    decode: (path) => ["-hwaccel", "vaapi", "-hwaccel_device", path],
    upload: "format=nv12,hwupload",
    // Constant QP 18: VAAPI drivers do not all offer a CRF-like mode; CQP is everywhere.
    codec: ["-c:v", "h264_vaapi", "-rc_mode", "CQP", "-qp", "18"],
  },
};

const deviceOf = (choice: EncoderChoice) => choice.device ?? DEFAULT_VAAPI_DEVICE;

/** Options before the input: the device, and hardware decoding on the rungs that use it. */
export function hardwareInputArgs(rung: EncoderRung): string[] {
  const profile = PROFILES[rung.encoder];
  const device = deviceOf(rung);
  return [...profile.device(device), ...(rung.hardwareDecode ? profile.decode(device) : [])];
}

/** The filter that hands frames to the encoder's device, or null when it reads memory. */
export function uploadFilter(choice: EncoderChoice): string | null {
  return PROFILES[choice.encoder].upload;
}

export function codecArgs(choice: EncoderChoice): string[] {
  return PROFILES[choice.encoder].codec;
}

/**
 * The fallback ladder for a node's chosen encoder: hardware encode with hardware decode, then
 * hardware encode with software decode, then libx264 CRF 18.
 */
export function encoderLadder(choice: EncoderChoice): EncoderRung[] {
  if (choice.encoder === "libx264") return [SOFTWARE_RUNG];
  return [{ ...choice, hardwareDecode: true }, { ...choice, hardwareDecode: false }, SOFTWARE_RUNG];
}

/** "h264_nvenc (hardware decode)", for logs and fallback notes. */
export function describeRung(rung: EncoderRung): string {
  return rung.hardwareDecode ? `${rung.encoder} with hardware decode` : rung.encoder;
}
