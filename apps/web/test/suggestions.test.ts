import { describe, expect, test } from "bun:test";
import { type DetectedArea, MAX_RECTANGLES } from "@wr/contracts";
import type { Area } from "../src/editor/areas";
import {
  acceptSuggestions,
  detectionNote,
  previewPercent,
  type Suggestion,
  suggestionToArea,
} from "../src/editor/suggestions";

const DURATION = 10.04;
const detected = (change: Partial<DetectedArea> = {}): DetectedArea => ({
  x: 50,
  y: 542,
  width: 208,
  height: 127,
  startTime: 0,
  endTime: DURATION,
  confidence: 0.9,
  ...change,
});

describe("suggestionToArea", () => {
  test("a mark shown throughout becomes an area like a drawn one: its box, from 0 to the end", () => {
    expect(suggestionToArea(detected(), 7, DURATION)).toEqual({
      id: 7,
      x: 50,
      y: 542,
      width: 208,
      height: 127,
      start: "0",
      end: "",
      currentTimestamp: 0,
    });
  });

  test("ends within a tenth of a second of the video's count as the ends (durations differ a little)", () => {
    const area = suggestionToArea(detected({ startTime: 0.05, endTime: 9.97 }), 1, DURATION);
    expect({ start: area.start, end: area.end }).toEqual({ start: "0", end: "" });
  });

  test("a mark shown for part of the video fills start and end, widened to whole tenths", () => {
    const area = suggestionToArea(detected({ startTime: 2.36, endTime: 5.01 }), 1, DURATION);
    expect({ start: area.start, end: area.end }).toEqual({ start: "2.3", end: "5.1" });
    expect(area.currentTimestamp).toBe(2.36);
  });

  test("exact tenths stay as they are, whatever floating point does to them", () => {
    const area = suggestionToArea(detected({ startTime: 2.3, endTime: 7 }), 1, DURATION);
    expect({ start: area.start, end: area.end }).toEqual({ start: "2.3", end: "7" });
  });

  test("a mark from the middle to the end: a start, and an empty end (the rest of the video)", () => {
    const area = suggestionToArea(detected({ startTime: 4.5, endTime: 10 }), 1, DURATION);
    expect({ start: area.start, end: area.end }).toEqual({ start: "4.5", end: "" });
  });

  test("a mark from the start to the middle: start 0 and an end", () => {
    const area = suggestionToArea(detected({ startTime: 0, endTime: 4.46 }), 1, DURATION);
    expect({ start: area.start, end: area.end }).toEqual({ start: "0", end: "4.5" });
  });

  test("while the duration is unknown an end is not guessed", () => {
    const area = suggestionToArea(detected({ startTime: 1, endTime: 4 }), 1, null);
    expect({ start: area.start, end: area.end }).toEqual({ start: "1", end: "" });
  });
});

describe("acceptSuggestions", () => {
  const suggestions: Suggestion[] = [
    { ...detected(), id: 1 },
    { ...detected({ x: 1000, y: 20, width: 200, height: 60 }), id: 2 },
    { ...detected({ x: 600, y: 300, width: 40, height: 40 }), id: 3 },
  ];
  const counter = (from: number) => () => from++;
  const drawn: Area = {
    id: 1,
    x: 0,
    y: 0,
    width: 20,
    height: 20,
    start: "0",
    end: "",
    currentTimestamp: 0,
  };

  test("one accepted suggestion joins the areas after the drawn ones and leaves the suggestions", () => {
    const result = acceptSuggestions([drawn], suggestions, [2], counter(5), DURATION);
    expect(result.added).toBe(1);
    expect(result.areas.map((area) => [area.id, area.x, area.y])).toEqual([
      [1, 0, 0],
      [5, 1000, 20],
    ]);
    expect(result.suggestions.map((suggestion) => suggestion.id)).toEqual([1, 3]);
  });

  test("accepting all keeps the listed order; an id no longer suggested is ignored", () => {
    const result = acceptSuggestions([], suggestions, [3, 1, 2, 9], counter(1), DURATION);
    expect(result.areas.map((area) => [area.id, area.x])).toEqual([
      [1, 50],
      [2, 1000],
      [3, 600],
    ]);
    expect(result.suggestions).toEqual([]);
  });

  test("no more than MAX_RECTANGLES areas: the rest stay suggested", () => {
    const full = Array.from({ length: MAX_RECTANGLES - 1 }, (_, i) => ({ ...drawn, id: i + 1 }));
    const result = acceptSuggestions(full, suggestions, [1, 2, 3], counter(100), DURATION);
    expect(result.added).toBe(1);
    expect(result.areas.length).toBe(MAX_RECTANGLES);
    expect(result.suggestions.map((suggestion) => suggestion.id)).toEqual([2, 3]);
  });
});

describe("detectionNote", () => {
  test("says what the search is doing, found, or why there is nothing", () => {
    expect(detectionNote({ status: "idle" }, 0)).toBeNull();
    expect(detectionNote({ status: "searching" }, 0)).toBe("Looking for watermarks…");
    expect(detectionNote({ status: "done", found: 0 }, 0)).toBe(
      "No watermark found automatically — draw a rectangle over it.",
    );
    expect(detectionNote({ status: "done", found: 2 }, 1)).toMatch(/^1 possible watermark found/);
    expect(detectionNote({ status: "done", found: 2 }, 2)).toMatch(/^2 possible watermarks found/);
    expect(detectionNote({ status: "done", found: 2 }, 0)).toBeNull();
    expect(detectionNote({ status: "failed" }, 0)).toMatch(/draw a rectangle/);
  });
});

describe("previewPercent", () => {
  test("a 16:9 picture fills the 16:9 preview: percent of the picture", () => {
    const at = previewPercent(
      { x: 640, y: 180, width: 320, height: 360 },
      { width: 1280, height: 720 },
    );
    expect(at).toEqual({ x: 50, y: 25, width: 25, height: 50 });
  });

  test("a portrait picture sits between bars: its left edge is not the preview's", () => {
    // 360x640 in a 16:9 box: shown 9 units high, 5.0625 wide, from x = 5.46875 of 16.
    const at = previewPercent({ x: 0, y: 0, width: 360, height: 640 }, { width: 360, height: 640 });
    expect(at.y).toBeCloseTo(0);
    expect(at.height).toBeCloseTo(100);
    expect(at.x).toBeCloseTo((5.46875 / 16) * 100);
    expect(at.width).toBeCloseTo((5.0625 / 16) * 100);
  });
});
