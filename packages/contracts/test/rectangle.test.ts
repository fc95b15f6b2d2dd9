import { describe, expect, test } from "bun:test";
import { findRectangleProblem, methodSchema, processInputSchema } from "../src";

const video = { width: 1280, height: 720, duration: 4 };
const good = { x: 10, y: 10, width: 100, height: 50 };

describe("findRectangleProblem", () => {
  test("accepts areas inside the frame and before the end", () => {
    expect(findRectangleProblem([good, { ...good, startTime: 1, endTime: 2.5 }], video)).toBeNull();
    expect(findRectangleProblem([{ x: 0, y: 0, width: 1280, height: 720 }], video)).toBeNull();
  });
  test("names the wrong area and why", () => {
    expect(findRectangleProblem([good, { ...good, x: 1200 }], video)).toBe(
      "Area 2: it reaches outside the 1280x720 frame (x 1200 + width 100, y 10 + height 50)",
    );
    expect(findRectangleProblem([{ ...good, width: -5 }], video)).toStartWith(
      "Area 1: width and height must be at least",
    );
    expect(findRectangleProblem([{ ...good, x: -1 }], video)).toStartWith(
      "Area 1: x and y must not be negative",
    );
    expect(findRectangleProblem([{ ...good, startTime: 5 }], video)).toStartWith(
      "Area 1: start time 5s is not before the end",
    );
    expect(findRectangleProblem([{ ...good, startTime: 2, endTime: 1 }], video)).toBe(
      "Area 1: end time 1s must be after start time 2s",
    );
  });
  test("needs at least one area and bounds how many", () => {
    expect(findRectangleProblem([], video)).toBe("Mark at least one area to remove");
    expect(findRectangleProblem(Array(21).fill(good), video)).toStartWith("At most 20 areas");
  });
});

describe("processInputSchema", () => {
  test("an unknown method is refused with the list of methods", () => {
    const result = methodSchema.safeParse("erase");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "Unknown method: choose one of smartfill, delogo, blur, pixelate, black",
    );
  });
  test("pixel values must be whole numbers", () => {
    const input = { filename: "a", method: "blur", rectangles: [{ ...good, x: 1.5 }] };
    expect(processInputSchema.safeParse(input).success).toBe(false);
  });
});
