import { describe, expect, test } from "bun:test";
import { formatPixels, formatSeconds } from "../src/ffmpeg/format-number";
import { blurSigma } from "../src/filters/blur";
import { delogoArea } from "../src/filters/delogo";
import { evenSizeCrop } from "../src/filters/even-size";
import { buildFilterGraph } from "../src/filters/filter-graph";
import { pixelBlockSize } from "../src/filters/pixelate";
import { enableOption } from "../src/filters/time-range";
import { type Region, toRegions } from "../src/regions";

const HD = { width: 1280, height: 720 };
const [A, B] = toRegions(
  [
    { x: 100, y: 80, width: 200, height: 120 },
    { x: 900, y: 500, width: 240, height: 140, startTime: 1, endTime: 2.5 },
  ],
  HD,
) as [Region, Region];

describe("time ranges become timeline options", () => {
  test("a region over the whole video gets no enable option", () => {
    expect(enableOption({ start: 0, end: null })).toBe("");
  });
  test("a closed range uses between() with plain decimals", () => {
    expect(enableOption({ start: 1, end: 2.5 })).toBe(":enable='between(t,1,2.5)'");
    expect(enableOption({ start: 0.1234567, end: 10 })).toBe(":enable='between(t,0.123,10)'");
  });
  test("an open range that starts later uses gte()", () => {
    expect(enableOption({ start: 1.5, end: null })).toBe(":enable='gte(t,1.5)'");
  });
  test("numbers that are not plain values never reach a filter string", () => {
    expect(() => formatSeconds(Number.NaN)).toThrow(RangeError);
    expect(() => formatSeconds(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatSeconds(-1)).toThrow(RangeError);
    expect(() => formatPixels(1.5)).toThrow(RangeError);
    expect(() => formatPixels(-2)).toThrow(RangeError);
    expect(formatSeconds(1e-7)).toBe("0");
    expect(formatSeconds(100)).toBe("100");
  });
});

describe("filter graphs per method", () => {
  test("black draws filled boxes, the timed one only in its range", () => {
    expect(buildFilterGraph("black", [A, B], HD)).toBe(
      "[0:v:0]format=yuv420p," +
        "drawbox=x=100:y=80:w=200:h=120:color=black:t=fill," +
        "drawbox=x=900:y=500:w=240:h=140:color=black:t=fill:enable='between(t,1,2.5)'[vout]",
    );
  });

  test("delogo uses the areas as given when they are inside the frame", () => {
    expect(buildFilterGraph("delogo", [A, B], HD)).toBe(
      "[0:v:0]format=yuv420p," +
        "delogo=x=100:y=80:w=200:h=120," +
        "delogo=x=900:y=500:w=240:h=140:enable='between(t,1,2.5)'[vout]",
    );
  });

  test("delogo pulls areas touching an edge 1 px inside", () => {
    const [corner, farCorner] = toRegions(
      [
        { x: 0, y: 0, width: 200, height: 120 },
        { x: 1180, y: 620, width: 100, height: 100, startTime: 2 },
      ],
      HD,
    ) as [Region, Region];
    expect(delogoArea(corner, HD)).toMatchObject({ x: 1, y: 1, width: 199, height: 119 });
    expect(delogoArea(farCorner, HD)).toMatchObject({ x: 1180, y: 620, width: 99, height: 99 });
    expect(buildFilterGraph("delogo", [corner, farCorner], HD)).toBe(
      "[0:v:0]format=yuv420p," +
        "delogo=x=1:y=1:w=199:h=119," +
        "delogo=x=1180:y=620:w=99:h=99:enable='gte(t,2)'[vout]",
    );
  });

  test("blur crops each region, blurs it and overlays it back in its time range", () => {
    expect(buildFilterGraph("blur", [A, B], HD)).toBe(
      "[0:v:0]format=yuv420p,split=3[base][c0][c1];" +
        "[c0]crop=w=200:h=120:x=100:y=80:exact=1,gblur=sigma=30:steps=3[p0];" +
        "[base][p0]overlay=x=100:y=80[o0];" +
        "[c1]crop=w=240:h=140:x=900:y=500:exact=1,gblur=sigma=35:steps=3[p1];" +
        "[o0][p1]overlay=x=900:y=500:enable='between(t,1,2.5)'[vout]",
    );
  });

  test("blur strength follows the area and stays valid for tiny areas", () => {
    expect(blurSigma({ width: 4, height: 4 })).toBe(2);
    expect(blurSigma({ width: 200, height: 120 })).toBe(30);
    expect(blurSigma({ width: 3000, height: 2000 })).toBe(64);
  });

  test("pixelate scales down by area and back up by nearest neighbour", () => {
    expect(buildFilterGraph("pixelate", [A, B], HD)).toBe(
      "[0:v:0]format=yuv420p,split=3[base][c0][c1];" +
        "[c0]crop=w=200:h=120:x=100:y=80:exact=1," +
        "scale=w=13:h=8:flags=area,scale=w=200:h=120:flags=neighbor[p0];" +
        "[base][p0]overlay=x=100:y=80[o0];" +
        "[c1]crop=w=240:h=140:x=900:y=500:exact=1," +
        "scale=w=14:h=8:flags=area,scale=w=240:h=140:flags=neighbor[p1];" +
        "[o0][p1]overlay=x=900:y=500:enable='between(t,1,2.5)'[vout]",
    );
  });

  test("pixel blocks are an eighth of the shorter side, at least 8 px", () => {
    expect(pixelBlockSize({ width: 4, height: 4 })).toBe(8);
    expect(pixelBlockSize({ width: 200, height: 120 })).toBe(15);
    const tiny = toRegions([{ x: 10, y: 10, width: 4, height: 6 }], HD);
    expect(buildFilterGraph("pixelate", tiny, HD)).toContain(
      "scale=w=1:h=1:flags=area,scale=w=4:h=6:flags=neighbor",
    );
  });

  test("an odd-sized video is cropped to even sides at the end of the graph", () => {
    const odd = { width: 853, height: 481 };
    expect(evenSizeCrop(odd)).toBe("crop=w=852:h=480:x=0:y=0");
    expect(evenSizeCrop(HD)).toBeNull();
    const [region] = toRegions([{ x: 10, y: 10, width: 40, height: 40 }], odd) as [Region];
    expect(buildFilterGraph("black", [region], odd)).toEndWith(
      "color=black:t=fill,crop=w=852:h=480:x=0:y=0[vout]",
    );
    expect(buildFilterGraph("blur", [region], odd)).toEndWith(
      "[base][p0]overlay=x=10:y=10,crop=w=852:h=480:x=0:y=0[vout]",
    );
  });
});

describe("rectangles are checked before they reach a filter", () => {
  test("absent times mean the whole video", () => {
    expect(toRegions([{ x: 0, y: 0, width: 4, height: 4 }], HD)).toEqual([
      { x: 0, y: 0, width: 4, height: 4, start: 0, end: null },
    ]);
    expect(toRegions([{ x: 0, y: 0, width: 4, height: 4, endTime: null }], HD)[0]?.end).toBeNull();
  });
  test("a rectangle outside the frame or with fractional pixels is refused", () => {
    expect(() => toRegions([{ x: 1200, y: 0, width: 100, height: 4 }], HD)).toThrow(RangeError);
    expect(() => toRegions([{ x: 0.5, y: 0, width: 10, height: 4 }], HD)).toThrow(RangeError);
    expect(() =>
      toRegions([{ x: 0, y: 0, width: 10, height: 4, startTime: 2, endTime: 1 }], HD),
    ).toThrow(RangeError);
  });
});
