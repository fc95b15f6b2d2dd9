import { describe, expect, test } from "bun:test";
import { TRIAL_MESSAGES } from "@wr/contracts";
import {
  type Area,
  describeArea,
  findAreaProblem,
  isVideoFile,
  jobErrorMessage,
  limitFrom,
  METHOD_OPTIONS,
  maxTime,
  processErrorMessage,
  toRectangles,
  trialLabel,
} from "../src/editor/areas";

const area = (change: Partial<Area> = {}): Area => ({
  id: 1,
  x: 100,
  y: 80,
  width: 200,
  height: 120,
  start: "0",
  end: "",
  currentTimestamp: 0,
  ...change,
});
const video = { width: 1280, height: 720, duration: 10 };

test("areas are described in video pixels", () => {
  expect(describeArea(area(), 0)).toBe("Area 1: 200×120 at (100, 80)");
});

test("the methods and their labels, smart fill first", () => {
  expect(METHOD_OPTIONS).toEqual([
    { value: "smartfill", label: "Smart fill" },
    { value: "delogo", label: "Delogo" },
    { value: "blur", label: "Blur" },
    { value: "pixelate", label: "Pixelate" },
    { value: "black", label: "Black box" },
  ]);
});

describe("toRectangles", () => {
  test("smart fill sends no times", () => {
    expect(toRectangles([area({ start: "2", end: "5" })], "smartfill")).toEqual([
      { x: 100, y: 80, width: 200, height: 120 },
    ]);
  });
  test("other methods send start and end", () => {
    expect(toRectangles([area({ start: "1.5", end: "4.2" })], "blur")).toEqual([
      { x: 100, y: 80, width: 200, height: 120, startTime: 1.5, endTime: 4.2 },
    ]);
  });
  test("an empty end means to the end; an empty start means 0", () => {
    expect(toRectangles([area({ start: "", end: "" })], "pixelate")).toEqual([
      { x: 100, y: 80, width: 200, height: 120, startTime: 0 },
    ]);
  });
});

describe("findAreaProblem", () => {
  test("fine areas", () => {
    expect(findAreaProblem([area()], "blur", video)).toBeNull();
  });
  test("no areas", () => {
    expect(findAreaProblem([], "blur", video)).toBe("Mark at least one area to remove");
  });
  test("end before start", () => {
    expect(findAreaProblem([area({ start: "5", end: "2" })], "delogo", video)).toContain(
      "Area 1: end time 2s must be after start time 5s",
    );
  });
  test("start past the end of the video", () => {
    expect(findAreaProblem([area({ start: "12" })], "black", video)).toContain("Area 1");
  });
  test("times are ignored for smart fill", () => {
    expect(findAreaProblem([area({ start: "12", end: "1" })], "smartfill", video)).toBeNull();
  });
  test("unknown duration does not block", () => {
    expect(
      findAreaProblem([area({ start: "500" })], "blur", { ...video, duration: null }),
    ).toBeNull();
  });
});

test("time inputs' maximum: the duration, or 999 when unknown", () => {
  expect(maxTime(12.5)).toBe(12.5);
  expect(maxTime(null)).toBe(999);
  expect(maxTime(Number.NaN)).toBe(999);
  expect(maxTime(Number.POSITIVE_INFINITY)).toBe(999);
});

test("trial labels", () => {
  const info = { used: 0, limit: 2, remaining: 2, blocked: false };
  expect(trialLabel(info)).toBe("2 free videos left");
  expect(trialLabel({ ...info, remaining: 1 })).toBe("1 free video left");
  expect(trialLabel({ ...info, remaining: 0 })).toBe("No free videos left");
  expect(trialLabel({ ...info, blocked: true })).toBe("Free trial not available on this device");
});

describe("process errors (SPEC §8)", () => {
  test("the server's error first", () => {
    expect(
      processErrorMessage({
        message: TRIAL_MESSAGES.limitReached,
        extra: { details: "x" },
        fromServer: true,
      }),
    ).toBe(TRIAL_MESSAGES.limitReached);
  });
  test("then details", () => {
    expect(
      processErrorMessage({ message: "", extra: { details: "Queue down" }, fromServer: true }),
    ).toBe("Queue down");
  });
  test("then the generic sentence (a network failure's message is not shown)", () => {
    expect(processErrorMessage({ message: "Failed to fetch", extra: {}, fromServer: false })).toBe(
      "Failed to process video. Please try again.",
    );
  });
  test("a failed job", () => {
    expect(jobErrorMessage("Encoder crashed")).toBe("Encoder crashed");
    expect(jobErrorMessage(null)).toBe("Processing failed");
    expect(jobErrorMessage("")).toBe("Processing failed");
  });
  test("needsAuth / needsPayment flag the limit", () => {
    expect(limitFrom({ needsAuth: true })).toEqual({ needsAuth: true, needsPayment: false });
    expect(limitFrom({ needsPayment: true })).toEqual({ needsAuth: false, needsPayment: true });
    expect(limitFrom({ details: "x" })).toBeNull();
  });
});

test("only video/ types are accepted", () => {
  expect(isVideoFile({ type: "video/mp4" })).toBe(true);
  expect(isVideoFile({ type: "video/quicktime" })).toBe(true);
  expect(isVideoFile({ type: "image/png" })).toBe(false);
  expect(isVideoFile({ type: "" })).toBe(false);
});
