import { describe, expect, test } from "bun:test";
import { sniffContainer } from "../src/probe/sniff-container";

const ascii = (text: string) => new TextEncoder().encode(text);

function bytes(...parts: Array<string | number[]>): Uint8Array {
  return Uint8Array.from(
    parts.flatMap((part) => (typeof part === "string" ? [...ascii(part)] : part)),
  );
}

function transportStream(packets: number): Uint8Array {
  const data = new Uint8Array(188 * packets);
  for (let i = 0; i < packets; i++) data[i * 188] = 0x47;
  return data;
}

describe("container sniffing on the first bytes", () => {
  test("ISO-BMFF (mp4, mov) is recognised by ftyp at offset 4", () => {
    expect(sniffContainer(bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0]))).toBe("mov");
    expect(sniffContainer(bytes([0, 0, 0, 0x14], "ftypqt  "))).toBe("mov");
  });
  test("EBML (mkv, webm) is recognised by 1A 45 DF A3", () => {
    expect(sniffContainer(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toBe(
      "matroska",
    );
  });
  test("AVI is RIFF with the AVI form type", () => {
    expect(sniffContainer(bytes("RIFF", [0x10, 0, 0, 0], "AVI LIST"))).toBe("avi");
    expect(sniffContainer(bytes("RIFF", [0x10, 0, 0, 0], "WAVEfmt "))).toBeNull();
  });
  test("MPEG-TS needs a sync byte every 188 bytes, not just a leading G", () => {
    expect(sniffContainer(transportStream(4))).toBe("mpegts");
    expect(sniffContainer(transportStream(3))).toBe("mpegts");
    expect(sniffContainer(transportStream(2))).toBeNull();
    const broken = transportStream(4);
    broken[376] = 0;
    expect(sniffContainer(broken)).toBeNull();
    expect(sniffContainer(ascii(`Good morning, this is text. ${"x".repeat(1000)}`))).toBeNull();
  });
  test("playlists, concat lists, y4m, text and empty files are refused", () => {
    expect(sniffContainer(ascii("#EXTM3U\n#EXT-X-VERSION:3\nhttp://x/seg.ts\n"))).toBeNull();
    expect(sniffContainer(ascii("ffconcat version 1.0\nfile '/etc/passwd'\n"))).toBeNull();
    expect(sniffContainer(ascii("YUV4MPEG2 W100000 H100000 F25:1\nFRAME\n"))).toBeNull();
    expect(sniffContainer(ascii("hello, world"))).toBeNull();
    expect(sniffContainer(new Uint8Array(0))).toBeNull();
    expect(sniffContainer(ascii("ftyp"))).toBeNull();
  });
});
