import { type PointerEvent, useCallback, useEffect, useRef } from "react";
import type { Area } from "./areas";
import {
  type Box,
  clampPoint,
  contentBox,
  type DrawState,
  displayToVideo,
  dragRect,
  type EditorMode,
  type Frame,
  initialDrawState,
  isBigEnough,
  type PointerInput,
  reducePointer,
  videoToDisplay,
} from "./geometry";
import { previewPercent, type Suggestion } from "./suggestions";

export type VideoInfo = { width: number; height: number; duration: number | null };

type Props = {
  src: string;
  mode: EditorMode;
  areas: Area[];
  /** Areas the server suggests, drawn dashed, each with its Accept button. */
  suggestions: Suggestion[];
  /** The picture's size once known: where the Accept buttons go. */
  picture: { width: number; height: number } | null;
  acceptDisabled: boolean;
  onAccept(id: number): void;
  /** A finished drag, already in video pixels; `time` is the video's current time. */
  onDraw(box: Box, time: number): void;
  /** A drag that did not make an area: too small, or no picture to draw on yet. */
  onReject(reason: "small" | "not-ready"): void;
  onVideoInfo(info: VideoInfo): void;
  onVideoError(): void;
};

const AREA_FILL = "rgba(59, 108, 246, 0.28)";
const AREA_STROKE = "#3b6cf6";
const DRAG_OK = "#ffffff";
const DRAG_SMALL = "#f59e0b";
const SUGGESTION_FILL = "rgba(250, 204, 21, 0.14)";
const SUGGESTION_STROKE = "#facc15";
const SUGGESTION_DASH = [8, 5];

/**
 * The uploaded video with a canvas exactly over it. In drawing mode the canvas takes mouse,
 * touch and pen drags (Pointer Events; touch-action none so a finger does not scroll); in
 * selection mode it lets every pointer through to the video's own controls.
 */
export function Preview({
  src,
  mode,
  areas,
  suggestions,
  picture,
  acceptDisabled,
  onAccept,
  onDraw,
  onReject,
  onVideoInfo,
  onVideoError,
}: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stateRef = useRef<DrawState>(initialDrawState);
  const areasRef = useRef(areas);
  areasRef.current = areas;
  const suggestionsRef = useRef(suggestions);
  suggestionsRef.current = suggestions;

  const frame = useCallback((): Frame | null => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!video || !canvas) return null;
    const box = canvas.getBoundingClientRect();
    return {
      displayWidth: box.width,
      displayHeight: box.height,
      videoWidth: video.videoWidth,
      videoHeight: video.videoHeight,
    };
  }, []);

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const current = frame();
    const context = canvas?.getContext("2d");
    if (!canvas || !current || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(current.displayWidth * ratio);
    const height = Math.round(current.displayHeight * ratio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, current.displayWidth, current.displayHeight);

    // Suggestions first, dashed (a dark line under the dashes shows on light pictures too).
    for (const suggestion of suggestionsRef.current) {
      const box = videoToDisplay(suggestion, current);
      context.fillStyle = SUGGESTION_FILL;
      context.fillRect(box.x, box.y, box.width, box.height);
      context.lineWidth = 2;
      context.setLineDash([]);
      context.strokeStyle = "rgba(15, 23, 42, 0.55)";
      context.strokeRect(box.x + 1, box.y + 1, Math.max(0, box.width - 2), box.height - 2);
      context.setLineDash(SUGGESTION_DASH);
      context.strokeStyle = SUGGESTION_STROKE;
      context.strokeRect(box.x + 1, box.y + 1, Math.max(0, box.width - 2), box.height - 2);
    }
    context.setLineDash([]);

    context.font = "600 12px system-ui, sans-serif";
    context.textBaseline = "top";
    for (const [index, area] of areasRef.current.entries()) {
      const box = videoToDisplay(area, current);
      context.fillStyle = AREA_FILL;
      context.fillRect(box.x, box.y, box.width, box.height);
      context.lineWidth = 2;
      context.strokeStyle = AREA_STROKE;
      context.setLineDash([]);
      context.strokeRect(box.x + 1, box.y + 1, Math.max(0, box.width - 2), box.height - 2);
      const label = String(index + 1);
      const labelWidth = context.measureText(label).width + 8;
      context.fillStyle = AREA_STROKE;
      context.fillRect(box.x, box.y, labelWidth, 18);
      context.fillStyle = "#ffffff";
      context.fillText(label, box.x + 4, box.y + 3);
    }

    const drag = dragRect(stateRef.current);
    if (drag) {
      context.lineWidth = 2;
      context.setLineDash([6, 4]);
      context.strokeStyle = isBigEnough(drag) ? DRAG_OK : DRAG_SMALL;
      context.fillStyle = "rgba(255, 255, 255, 0.12)";
      context.fillRect(drag.x, drag.y, drag.width, drag.height);
      context.strokeRect(drag.x, drag.y, drag.width, drag.height);
      context.setLineDash([]);
    }
  }, [frame]);

  const dispatch = useCallback(
    (input: PointerInput) => {
      const before = stateRef.current;
      const after = reducePointer(before, input);
      stateRef.current = after;
      if (after.finished && after.finished !== before.finished) {
        const current = frame();
        if (!current?.videoWidth) onReject("not-ready");
        else if (!after.finished.accepted) onReject("small");
        else
          onDraw(displayToVideo(after.finished.rect, current), videoRef.current?.currentTime ?? 0);
      }
      if (after !== before) draw();
    },
    [draw, frame, onDraw, onReject],
  );

  useEffect(() => dispatch({ type: "mode", mode }), [dispatch, mode]);

  // Areas or suggestions changed (added, removed, new video): draw them again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: both are read through refs
  useEffect(() => draw(), [draw, areas, suggestions]);

  // The box changed size (window, rotation): the backing store follows and areas are redrawn.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => draw());
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [draw]);

  /** The pointer in display pixels, kept on the picture (off the letterbox bars). */
  const pointFrom = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const point = { x: event.clientX - box.left, y: event.clientY - box.top };
    const current = frame();
    if (!current?.videoWidth) return point;
    return clampPoint(point, contentBox(current));
  };

  const pointer = (type: "down" | "move" | "up") => (event: PointerEvent<HTMLCanvasElement>) => {
    if (mode !== "draw") return;
    if (type === "down") {
      if (event.button !== 0 || !event.isPrimary) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    dispatch({
      type,
      pointerId: event.pointerId,
      pointerType: event.pointerType,
      button: event.button,
      isPrimary: event.isPrimary,
      point: pointFrom(event),
    });
  };

  const cancel = (event: PointerEvent<HTMLCanvasElement>) =>
    dispatch({ type: "cancel", pointerId: event.pointerId });

  const loaded = () => {
    const video = videoRef.current;
    if (!video) return;
    onVideoInfo({
      width: video.videoWidth,
      height: video.videoHeight,
      duration: Number.isFinite(video.duration) ? video.duration : null,
    });
    draw();
  };

  const drawing = mode === "draw";
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900 shadow-inner">
      {/* biome-ignore lint/a11y/useMediaCaption: the user's own upload has no captions */}
      <video
        ref={videoRef}
        src={src}
        controls
        playsInline
        preload="auto"
        onLoadedMetadata={loaded}
        onResize={loaded}
        onDurationChange={loaded}
        onError={onVideoError}
        className="absolute inset-0 h-full w-full object-contain"
        aria-label="Preview of your video"
      />
      <canvas
        ref={canvasRef}
        data-testid="draw-canvas"
        role="img"
        aria-label={
          drawing
            ? `Drawing area: drag over the watermark to mark it. ${areas.length} area${areas.length === 1 ? "" : "s"} marked.`
            : `${areas.length} marked area${areas.length === 1 ? "" : "s"}`
        }
        onPointerDown={pointer("down")}
        onPointerMove={pointer("move")}
        onPointerUp={pointer("up")}
        onPointerCancel={cancel}
        onLostPointerCapture={cancel}
        onContextMenu={(event) => drawing && event.preventDefault()}
        className={`absolute inset-0 h-full w-full ${
          drawing ? "cursor-crosshair touch-none select-none" : "pointer-events-none"
        }`}
      />
      {picture &&
        suggestions.map((suggestion, index) => {
          const at = previewPercent(suggestion, picture);
          // Above the dashed box, or below it when the box touches the top of the picture.
          const above = at.y > 8;
          return (
            <button
              key={suggestion.id}
              type="button"
              disabled={acceptDisabled}
              onClick={() => onAccept(suggestion.id)}
              style={{ left: `${at.x}%`, top: `${above ? at.y : at.y + at.height}%` }}
              className={`absolute rounded-md bg-yellow-300 px-2 py-0.5 text-xs font-semibold text-slate-900 shadow ring-1 ring-slate-900/30 hover:bg-yellow-200 disabled:cursor-not-allowed disabled:opacity-60 ${
                above ? "-translate-y-full -mt-0.5" : "mt-0.5"
              }`}
            >
              Accept<span className="sr-only"> suggestion {index + 1}</span>
            </button>
          );
        })}
    </div>
  );
}
