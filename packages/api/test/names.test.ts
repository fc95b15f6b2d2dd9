import { describe, expect, test } from "bun:test";
import { STORED_NAME_PATTERN } from "@wr/contracts";
import { Storage } from "../src/storage";
import { cleanDownloadName, describeDuration } from "../src/videos/open-result";

describe("stored names", () => {
  test("are 128 random bits in hex, never repeated", () => {
    const names = new Set(Array.from({ length: 1000 }, () => Storage.newName("mp4")));
    expect(names.size).toBe(1000);
    for (const name of names) expect(name).toMatch(STORED_NAME_PATTERN);
  });
  test("only server-made names resolve to a path", () => {
    const storage = new Storage("/srv/data");
    const name = Storage.newName("mp4");
    expect(storage.pathOf("results", name)).toBe(`/srv/data/results/${name}`);
    for (const hostile of [
      "../../etc/passwd",
      "%2e%2e%2fpasswd",
      `${name}\0.txt`,
      "a\\b.mp4",
      "",
    ]) {
      expect(storage.pathOf("results", hostile)).toBeNull();
    }
  });
});

describe("download names", () => {
  test("put -clean before the extension; the result is an MP4", () => {
    expect(cleanDownloadName("holiday.mp4")).toBe("holiday-clean.mp4");
    expect(cleanDownloadName("my.trip.MOV")).toBe("my.trip-clean.mp4");
    expect(cleanDownloadName("noext")).toBe("noext-clean.mp4");
    expect(cleanDownloadName(".hidden")).toBe(".hidden-clean.mp4");
  });
  test("lifetimes read naturally", () => {
    expect(describeDuration(300_000)).toBe("5 minutes");
    expect(describeDuration(60_000)).toBe("1 minute");
    expect(describeDuration(2_000)).toBe("2 seconds");
  });
});
