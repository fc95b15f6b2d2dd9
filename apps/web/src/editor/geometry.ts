/**
 * The editor's geometry, as pure functions: turning a pointer drag on the preview into an area
 * in video pixels. "Display" coordinates are CSS pixels inside the preview box (the <video> and
 * the <canvas> over it cover the same box); "video" coordinates are pixels of the video frame.
 */

export type Point = { x: number; y: number };
export type Box = { x: number; y: number; width: number; height: number };

/** A drag must exceed this many display pixels both ways to become an area (SPEC §4, §9). */
export const MIN_DRAG_SIDE = 10;

/** The preview box on screen and the video frame shown in it with object-fit: contain. */
export type Frame = {
  displayWidth: number;
  displayHeight: number;
  videoWidth: number;
  videoHeight: number;
};

/** The rectangle spanned by a drag, whichever way it went: never a negative width or height. */
export function normaliseDrag(start: Point, end: Point): Box {
  return {
    x: Math.min(start.x, end.x),
    y: Math.min(start.y, end.y),
    width: Math.abs(end.x - start.x),
    height: Math.abs(end.y - start.y),
  };
}

/** True when both sides exceed MIN_DRAG_SIDE display pixels: exactly 10 is too small. */
export function isBigEnough(rect: Box): boolean {
  return rect.width > MIN_DRAG_SIDE && rect.height > MIN_DRAG_SIDE;
}

/** The part of `rect` inside [0, width] x [0, height]; empty (0 wide or high) when outside. */
export function clamp(rect: Box, bounds: { width: number; height: number }): Box {
  const left = Math.min(Math.max(rect.x, 0), bounds.width);
  const top = Math.min(Math.max(rect.y, 0), bounds.height);
  const right = Math.min(Math.max(rect.x + rect.width, 0), bounds.width);
  const bottom = Math.min(Math.max(rect.y + rect.height, 0), bounds.height);
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** Where the picture sits inside the display box with object-fit: contain (bars around it). */
export function contentBox(frame: Frame): Box & { scale: number } {
  const { displayWidth, displayHeight, videoWidth, videoHeight } = frame;
  if (!(videoWidth > 0 && videoHeight > 0 && displayWidth > 0 && displayHeight > 0)) {
    return { x: 0, y: 0, width: 0, height: 0, scale: 0 };
  }
  const scale = Math.min(displayWidth / videoWidth, displayHeight / videoHeight);
  const width = videoWidth * scale;
  const height = videoHeight * scale;
  return {
    x: (displayWidth - width) / 2,
    y: (displayHeight - height) / 2,
    width,
    height,
    scale,
  };
}

/** A point kept inside a box: a drag that strays onto the bars stops at the picture's edge. */
export function clampPoint(point: Point, box: Box): Point {
  return {
    x: Math.min(Math.max(point.x, box.x), box.x + box.width),
    y: Math.min(Math.max(point.y, box.y), box.y + box.height),
  };
}

/**
 * A display rectangle in whole video pixels: the bars are taken off, the scale undone, the
 * edges rounded (so adjacent areas stay adjacent) and the result clamped to the frame.
 */
export function displayToVideo(rect: Box, frame: Frame): Box {
  const content = contentBox(frame);
  if (content.scale === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const toVideoX = (x: number) => Math.round((x - content.x) / content.scale);
  const toVideoY = (y: number) => Math.round((y - content.y) / content.scale);
  const left = toVideoX(rect.x);
  const top = toVideoY(rect.y);
  return clamp(
    {
      x: left,
      y: top,
      width: toVideoX(rect.x + rect.width) - left,
      height: toVideoY(rect.y + rect.height) - top,
    },
    { width: frame.videoWidth, height: frame.videoHeight },
  );
}

/** The inverse of displayToVideo (without rounding): where to draw a stored area. */
export function videoToDisplay(rect: Box, frame: Frame): Box {
  const content = contentBox(frame);
  return {
    x: content.x + rect.x * content.scale,
    y: content.y + rect.y * content.scale,
    width: rect.width * content.scale,
    height: rect.height * content.scale,
  };
}

// ---------------------------------------------------------------------------------------------
// Pointer input: one reducer for mouse, touch and pen (Pointer Events), used by the preview.

export type EditorMode = "draw" | "select";

export type PointerInput =
  | {
      type: "down" | "move" | "up";
      pointerId: number;
      pointerType: string;
      /** The pressed button on "down": only the main one (0) starts a drag. */
      button?: number;
      isPrimary?: boolean;
      point: Point;
    }
  | { type: "cancel"; pointerId: number }
  | { type: "mode"; mode: EditorMode };

export type DrawState = {
  mode: EditorMode;
  /** The drag under way, if any, followed by the one pointer that started it. */
  drag: { pointerId: number; pointerType: string; start: Point; current: Point } | null;
  /** Set by the "up" that finished a drag: the area (display pixels), or null if too small. */
  finished: { rect: Box; accepted: boolean } | null;
};

export const initialDrawState: DrawState = { mode: "draw", drag: null, finished: null };

/**
 * Pointer down/move/up to areas. Input counts only in drawing mode; a second finger or another
 * pointer is ignored while a drag is under way; leaving drawing mode drops the drag.
 */
export function reducePointer(state: DrawState, input: PointerInput): DrawState {
  if (input.type === "mode") return { mode: input.mode, drag: null, finished: null };
  if (state.mode !== "draw")
    return state.drag || state.finished ? { ...state, drag: null, finished: null } : state;

  switch (input.type) {
    case "down": {
      if (state.drag) return state;
      if ((input.button ?? 0) !== 0 || input.isPrimary === false) return state;
      return {
        mode: state.mode,
        drag: {
          pointerId: input.pointerId,
          pointerType: input.pointerType,
          start: input.point,
          current: input.point,
        },
        finished: null,
      };
    }
    case "move": {
      if (!state.drag || state.drag.pointerId !== input.pointerId) return state;
      return { ...state, drag: { ...state.drag, current: input.point } };
    }
    case "up": {
      if (!state.drag || state.drag.pointerId !== input.pointerId) return state;
      const rect = normaliseDrag(state.drag.start, input.point);
      return { mode: state.mode, drag: null, finished: { rect, accepted: isBigEnough(rect) } };
    }
    case "cancel": {
      if (!state.drag || state.drag.pointerId !== input.pointerId) return state;
      return { mode: state.mode, drag: null, finished: null };
    }
  }
}

/** The rectangle of the drag under way, for drawing it while the pointer moves. */
export function dragRect(state: DrawState): Box | null {
  return state.drag ? normaliseDrag(state.drag.start, state.drag.current) : null;
}
