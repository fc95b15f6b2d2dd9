import { describe, expect, test } from "bun:test";
import {
  clamp,
  clampPoint,
  contentBox,
  type DrawState,
  displayToVideo,
  dragRect,
  initialDrawState,
  isBigEnough,
  normaliseDrag,
  type PointerInput,
  reducePointer,
  videoToDisplay,
} from "../src/editor/geometry";

describe("normaliseDrag", () => {
  const box = { x: 10, y: 20, width: 30, height: 40 };
  test("down-right drag", () => {
    expect(normaliseDrag({ x: 10, y: 20 }, { x: 40, y: 60 })).toEqual(box);
  });
  test("up-left drag", () => {
    expect(normaliseDrag({ x: 40, y: 60 }, { x: 10, y: 20 })).toEqual(box);
  });
  test("down-left drag", () => {
    expect(normaliseDrag({ x: 40, y: 20 }, { x: 10, y: 60 })).toEqual(box);
  });
  test("up-right drag", () => {
    expect(normaliseDrag({ x: 10, y: 60 }, { x: 40, y: 20 })).toEqual(box);
  });
  test("a click is an empty rectangle", () => {
    expect(normaliseDrag({ x: 5, y: 5 }, { x: 5, y: 5 })).toEqual({
      x: 5,
      y: 5,
      width: 0,
      height: 0,
    });
  });
});

describe("isBigEnough: both sides must exceed 10 display pixels", () => {
  test("10 x 10 is too small", () => {
    expect(isBigEnough({ x: 0, y: 0, width: 10, height: 10 })).toBe(false);
  });
  test("11 x 11 is enough", () => {
    expect(isBigEnough({ x: 0, y: 0, width: 11, height: 11 })).toBe(true);
  });
  test("one side at 10 is too small", () => {
    expect(isBigEnough({ x: 0, y: 0, width: 11, height: 10 })).toBe(false);
    expect(isBigEnough({ x: 0, y: 0, width: 10, height: 200 })).toBe(false);
  });
  test("a negative drag, normalised, counts by its size", () => {
    expect(isBigEnough(normaliseDrag({ x: 50, y: 50 }, { x: 39, y: 39 }))).toBe(true);
    expect(isBigEnough(normaliseDrag({ x: 50, y: 50 }, { x: 40, y: 39 }))).toBe(false);
  });
});

describe("displayToVideo", () => {
  test("exact fit: a 640x360 box showing a 1280x720 video doubles everything", () => {
    const frame = { displayWidth: 640, displayHeight: 360, videoWidth: 1280, videoHeight: 720 };
    expect(contentBox(frame)).toEqual({ x: 0, y: 0, width: 640, height: 360, scale: 0.5 });
    expect(displayToVideo({ x: 50, y: 40, width: 100, height: 60 }, frame)).toEqual({
      x: 100,
      y: 80,
      width: 200,
      height: 120,
    });
  });

  test("CSS scaling: the same video shown at 960x540 maps by 4/3", () => {
    const frame = { displayWidth: 960, displayHeight: 540, videoWidth: 1280, videoHeight: 720 };
    expect(displayToVideo({ x: 75, y: 60, width: 150, height: 90 }, frame)).toEqual({
      x: 100,
      y: 80,
      width: 200,
      height: 120,
    });
  });

  test("letterbox: a 16:9 video in a 4:3 box has bars above and below", () => {
    const frame = { displayWidth: 640, displayHeight: 480, videoWidth: 1280, videoHeight: 720 };
    expect(contentBox(frame)).toEqual({ x: 0, y: 60, width: 640, height: 360, scale: 0.5 });
    expect(displayToVideo({ x: 50, y: 100, width: 100, height: 60 }, frame)).toEqual({
      x: 100,
      y: 80,
      width: 200,
      height: 120,
    });
  });

  test("pillarbox: a portrait 360x640 video in a 16:9 box has bars left and right", () => {
    const frame = { displayWidth: 640, displayHeight: 360, videoWidth: 360, videoHeight: 640 };
    const content = contentBox(frame);
    expect(content.scale).toBeCloseTo(0.5625, 10);
    expect(content.width).toBeCloseTo(202.5, 10);
    expect(content.x).toBeCloseTo(218.75, 10);
    expect(content.y).toBe(0);
    // 100 video px = 56.25 display px from the left bar; 80 = 45 from the top.
    expect(displayToVideo({ x: 218.75 + 56.25, y: 45, width: 112.5, height: 67.5 }, frame)).toEqual(
      { x: 100, y: 80, width: 200, height: 120 },
    );
    // The whole picture maps to the whole frame.
    expect(
      displayToVideo({ x: content.x, y: 0, width: content.width, height: 360 }, frame),
    ).toEqual({ x: 0, y: 0, width: 360, height: 640 });
  });

  test("is the inverse of videoToDisplay", () => {
    const frame = { displayWidth: 355, displayHeight: 200, videoWidth: 854, videoHeight: 480 };
    const area = { x: 37, y: 411, width: 123, height: 45 };
    expect(displayToVideo(videoToDisplay(area, frame), frame)).toEqual(area);
  });

  test("an area reaching onto the bars is clamped to the frame", () => {
    const frame = { displayWidth: 640, displayHeight: 480, videoWidth: 1280, videoHeight: 720 };
    // From the top bar (y 20) into the picture, and past the right edge.
    expect(displayToVideo({ x: 600, y: 20, width: 100, height: 100 }, frame)).toEqual({
      x: 1200,
      y: 0,
      width: 80,
      height: 120,
    });
  });

  test("an area drawn wholly on a bar is empty", () => {
    const frame = { displayWidth: 640, displayHeight: 480, videoWidth: 1280, videoHeight: 720 };
    const mapped = displayToVideo({ x: 10, y: 5, width: 50, height: 40 }, frame);
    expect(mapped.height).toBe(0);
  });

  test("no video size yet: nothing to map", () => {
    const frame = { displayWidth: 640, displayHeight: 360, videoWidth: 0, videoHeight: 0 };
    expect(displayToVideo({ x: 10, y: 10, width: 50, height: 50 }, frame)).toEqual({
      x: 0,
      y: 0,
      width: 0,
      height: 0,
    });
  });
});

describe("clamp", () => {
  const bounds = { width: 1280, height: 720 };
  test("a rectangle inside is unchanged", () => {
    const rect = { x: 10, y: 20, width: 30, height: 40 };
    expect(clamp(rect, bounds)).toEqual(rect);
  });
  test("negative origin is cut at 0", () => {
    expect(clamp({ x: -20, y: -10, width: 100, height: 50 }, bounds)).toEqual({
      x: 0,
      y: 0,
      width: 80,
      height: 40,
    });
  });
  test("overflow past the right and bottom edges is cut", () => {
    expect(clamp({ x: 1200, y: 700, width: 200, height: 100 }, bounds)).toEqual({
      x: 1200,
      y: 700,
      width: 80,
      height: 20,
    });
  });
  test("a rectangle wholly outside becomes empty", () => {
    expect(clamp({ x: 1300, y: 10, width: 50, height: 50 }, bounds)).toEqual({
      x: 1280,
      y: 10,
      width: 0,
      height: 50,
    });
  });
  test("clampPoint keeps a pointer on the picture", () => {
    const box = { x: 0, y: 60, width: 640, height: 360 };
    expect(clampPoint({ x: -5, y: 10 }, box)).toEqual({ x: 0, y: 60 });
    expect(clampPoint({ x: 700, y: 500 }, box)).toEqual({ x: 640, y: 420 });
    expect(clampPoint({ x: 300, y: 200 }, box)).toEqual({ x: 300, y: 200 });
  });
});

describe("pointer reducer (mouse and touch)", () => {
  const run = (inputs: PointerInput[], state: DrawState = initialDrawState) =>
    inputs.reduce(reducePointer, state);
  const drag = (
    pointerType: string,
    from: { x: number; y: number },
    to: { x: number; y: number },
    pointerId = 1,
  ): PointerInput[] => [
    { type: "down", pointerId, pointerType, button: 0, isPrimary: true, point: from },
    {
      type: "move",
      pointerId,
      pointerType,
      point: { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 },
    },
    { type: "move", pointerId, pointerType, point: to },
    { type: "up", pointerId, pointerType, point: to },
  ];

  test("a mouse drag makes an area", () => {
    const state = run(drag("mouse", { x: 10, y: 10 }, { x: 110, y: 70 }));
    expect(state.drag).toBeNull();
    expect(state.finished).toEqual({
      rect: { x: 10, y: 10, width: 100, height: 60 },
      accepted: true,
    });
  });

  test("a touch drag makes an area, negative direction normalised", () => {
    const state = run(drag("touch", { x: 200, y: 150 }, { x: 120, y: 100 }, 7));
    expect(state.finished).toEqual({
      rect: { x: 120, y: 100, width: 80, height: 50 },
      accepted: true,
    });
  });

  test("a pen drag works too", () => {
    const state = run(drag("pen", { x: 0, y: 0 }, { x: 20, y: 20 }, 3));
    expect(state.finished?.accepted).toBe(true);
  });

  test("the drag is followed while the pointer moves", () => {
    const [down, move] = drag("touch", { x: 10, y: 10 }, { x: 50, y: 30 });
    const state = run([down as PointerInput, move as PointerInput]);
    expect(dragRect(state)).toEqual({ x: 10, y: 10, width: 20, height: 10 });
    expect(state.finished).toBeNull();
  });

  test("a drag of 10 px is rejected, 11 px accepted", () => {
    expect(run(drag("mouse", { x: 0, y: 0 }, { x: 10, y: 10 })).finished).toEqual({
      rect: { x: 0, y: 0, width: 10, height: 10 },
      accepted: false,
    });
    expect(run(drag("touch", { x: 0, y: 0 }, { x: 11, y: 11 })).finished?.accepted).toBe(true);
  });

  test("selection mode ignores mouse and touch", () => {
    const select = reducePointer(initialDrawState, { type: "mode", mode: "select" });
    for (const type of ["mouse", "touch"]) {
      const state = run(drag(type, { x: 10, y: 10 }, { x: 200, y: 200 }), select);
      expect(state).toEqual({ mode: "select", drag: null, finished: null });
    }
  });

  test("switching to selection mode drops a drag under way", () => {
    const [down] = drag("mouse", { x: 10, y: 10 }, { x: 200, y: 200 });
    const state = run([down as PointerInput, { type: "mode", mode: "select" }]);
    expect(state.drag).toBeNull();
    const after = run(
      [{ type: "up", pointerId: 1, pointerType: "mouse", point: { x: 200, y: 200 } }],
      state,
    );
    expect(after.finished).toBeNull();
  });

  test("back in drawing mode, drags count again", () => {
    const state = run([
      { type: "mode", mode: "select" },
      { type: "mode", mode: "draw" },
      ...drag("mouse", { x: 10, y: 10 }, { x: 40, y: 40 }),
    ]);
    expect(state.finished?.accepted).toBe(true);
  });

  test("the right mouse button does not start a drag", () => {
    const state = run([
      { type: "down", pointerId: 1, pointerType: "mouse", button: 2, point: { x: 0, y: 0 } },
      { type: "up", pointerId: 1, pointerType: "mouse", point: { x: 50, y: 50 } },
    ]);
    expect(state).toEqual(initialDrawState);
  });

  test("a second finger is ignored while the first one draws", () => {
    const state = run([
      { type: "down", pointerId: 1, pointerType: "touch", button: 0, point: { x: 0, y: 0 } },
      {
        type: "down",
        pointerId: 2,
        pointerType: "touch",
        button: 0,
        isPrimary: false,
        point: { x: 300, y: 300 },
      },
      { type: "move", pointerId: 2, pointerType: "touch", point: { x: 400, y: 400 } },
      { type: "up", pointerId: 2, pointerType: "touch", point: { x: 400, y: 400 } },
      { type: "up", pointerId: 1, pointerType: "touch", point: { x: 30, y: 20 } },
    ]);
    expect(state.finished).toEqual({
      rect: { x: 0, y: 0, width: 30, height: 20 },
      accepted: true,
    });
  });

  test("a cancelled touch (the browser took it) makes no area", () => {
    const state = run([
      { type: "down", pointerId: 4, pointerType: "touch", button: 0, point: { x: 0, y: 0 } },
      { type: "move", pointerId: 4, pointerType: "touch", point: { x: 90, y: 90 } },
      { type: "cancel", pointerId: 4 },
      { type: "up", pointerId: 4, pointerType: "touch", point: { x: 90, y: 90 } },
    ]);
    expect(state.drag).toBeNull();
    expect(state.finished).toBeNull();
  });

  test("a new drag clears the previous outcome", () => {
    const first = run(drag("mouse", { x: 0, y: 0 }, { x: 50, y: 50 }));
    const next = reducePointer(first, {
      type: "down",
      pointerId: 1,
      pointerType: "mouse",
      button: 0,
      point: { x: 5, y: 5 },
    });
    expect(next.finished).toBeNull();
    expect(next.drag?.start).toEqual({ x: 5, y: 5 });
  });
});
