/** The input formats we let ffmpeg open, by ffmpeg demuxer name. */
export const DEMUXERS = ["mov", "matroska", "avi", "mpegts"] as const;
export type Demuxer = (typeof DEMUXERS)[number];

export function isDemuxer(name: string): name is Demuxer {
  return (DEMUXERS as readonly string[]).includes(name);
}

const TS_PACKET = 188;
const TS_SYNC = 0x47;
const TS_PACKETS_CHECKED = 4;

/** How many leading bytes sniffContainer needs to decide. */
export const SNIFF_BYTES = TS_PACKET * TS_PACKETS_CHECKED;

/**
 * Maps a file's first bytes to the one demuxer allowed to read it, or null. Deciding this
 * ourselves keeps ffmpeg's own probing (which knows playlists, concat lists and many more
 * formats) away from uploads.
 */
export function sniffContainer(head: Uint8Array): Demuxer | null {
  if (hasAscii(head, 4, "ftyp")) return "mov";
  if (hasBytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return "matroska";
  if (hasAscii(head, 0, "RIFF") && hasAscii(head, 8, "AVI ")) return "avi";
  if (isTransportStream(head)) return "mpegts";
  return null;
}

function isTransportStream(head: Uint8Array): boolean {
  // A few consecutive packets, so one stray 0x47 byte ("G") does not make a text file a stream.
  const packets = Math.min(TS_PACKETS_CHECKED, Math.floor(head.length / TS_PACKET));
  if (packets < 3) return false;
  for (let i = 0; i < packets; i++) {
    if (head[i * TS_PACKET] !== TS_SYNC) return false;
  }
  return true;
}

function hasAscii(head: Uint8Array, offset: number, text: string): boolean {
  return hasBytes(
    head,
    offset,
    Array.from(text, (char) => char.charCodeAt(0)),
  );
}

function hasBytes(head: Uint8Array, offset: number, bytes: readonly number[]): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => head[offset + i] === byte);
}
