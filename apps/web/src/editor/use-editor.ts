import { useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import {
  type FreeTrialInfo,
  freeTrialInfoSchema,
  MAX_RECTANGLES,
  type Method,
  MIN_RECTANGLE_SIDE,
} from "@wr/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiError, trpc } from "../lib/trpc";
import { uploadVideo } from "../lib/upload";
import {
  type Area,
  findAreaProblem,
  isVideoFile,
  jobErrorMessage,
  type LimitReached,
  limitFrom,
  processErrorMessage,
  toRectangles,
} from "./areas";
import type { Box, EditorMode } from "./geometry";
import type { VideoInfo } from "./Preview";
import { acceptSuggestions, type DetectionState, type Suggestion } from "./suggestions";
import { TRIAL_QUERY_KEY } from "./trial";

export const POLL_INTERVAL_MS = 500;
/** Status polls that may fail in a row (a blip of the network) before we give up. */
const MAX_POLL_FAILURES = 5;

export type UploadState =
  | { status: "idle" }
  | { status: "uploading"; percent: number }
  | { status: "done"; filename: string }
  | { status: "failed"; error: string };

export type ProcessingState =
  | { status: "idle" }
  | { status: "uploading"; percent: number }
  | { status: "starting" }
  | { status: "queued" | "processing"; progress: number };

export type Result = { filename: string; url: string; processingTime: number | null };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The editor flow of SPEC §4: no video, uploading, uploaded, areas drawn, processing, then a
 * result or an error. Every asynchronous step belongs to one chosen file (a "run"): choosing
 * another file, or leaving the page, makes the old run's answers be ignored.
 */
export function useEditor() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadState>({ status: "idle" });
  const [video, setVideo] = useState<VideoInfo | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [areas, setAreas] = useState<Area[]>([]);
  const [method, setMethod] = useState<Method>("smartfill");
  const [mode, setMode] = useState<EditorMode>("draw");
  const [processing, setProcessing] = useState<ProcessingState>({ status: "idle" });
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [limit, setLimit] = useState<LimitReached | null>(null);
  const [freeTrialInfo, setFreeTrialInfo] = useState<FreeTrialInfo | null>(null);
  const [notice, setNotice] = useState<string>("");
  const [detection, setDetection] = useState<DetectionState>({ status: "idle" });
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);

  const run = useRef(0);
  const nextAreaId = useRef(1);
  /** The uploaded file has been used by a job: processing again needs a fresh upload. */
  const consumed = useRef(false);
  const urlRef = useRef<string | null>(null);
  /** Stops the search for suggestions of the previous video (or of a page left). */
  const detectAbort = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      run.current += 1;
      detectAbort.current?.abort();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = null;
    },
    [],
  );

  const storeTrialInfo = useCallback(
    (info: unknown) => {
      const parsed = freeTrialInfoSchema.safeParse(info);
      if (!parsed.success) return;
      setFreeTrialInfo(parsed.data);
      queryClient.setQueryData(TRIAL_QUERY_KEY, parsed.data);
    },
    [queryClient],
  );

  /** Uploads the file for this run; the filename, or null (error shown) when it failed. */
  const send = useCallback(
    async (chosen: File, mine: number, onPercent: (percent: number) => void) => {
      const answer = await uploadVideo(chosen, (percent) => {
        if (run.current === mine) onPercent(percent);
      });
      if (run.current !== mine) return null;
      if (!answer.ok) {
        setUpload({ status: "failed", error: answer.error });
        return null;
      }
      consumed.current = false;
      setUpload({ status: "done", filename: answer.filename });
      return answer.filename;
    },
    [],
  );

  /**
   * Asks the server where the watermarks of this run's upload are. Only a note when it fails
   * or is refused: the user draws by hand meanwhile, and after.
   */
  const detect = useCallback(
    async (filename: string, mine: number) => {
      const controller = new AbortController();
      detectAbort.current = controller;
      setDetection({ status: "searching" });
      try {
        const found = await trpc.video.detect.mutate({ filename }, { signal: controller.signal });
        if (run.current !== mine) return;
        setSuggestions(found.areas.map((area, index) => ({ ...area, id: index + 1 })));
        setDetection({ status: "done", found: found.areas.length });
      } catch (failure) {
        if (run.current !== mine) return;
        storeTrialInfo(apiError(failure).extra.freeTrialInfo);
        setDetection({ status: "failed" });
      }
    },
    [storeTrialInfo],
  );

  const chooseFile = useCallback(
    (chosen: File | null | undefined) => {
      if (!chosen) return;
      if (!isVideoFile(chosen)) {
        setFileError(
          `“${chosen.name}” is not a video. Choose a video file, such as MP4, MOV or WebM.`,
        );
        return;
      }
      const mine = ++run.current;
      detectAbort.current?.abort();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = URL.createObjectURL(chosen);
      consumed.current = false;
      setFile(chosen);
      setPreviewUrl(urlRef.current);
      setFileError(null);
      setVideo(null);
      setPreviewError(null);
      setAreas([]);
      setMode("draw");
      setProcessing({ status: "idle" });
      setResult(null);
      setError(null);
      setLimit(null);
      setNotice("");
      setDetection({ status: "idle" });
      setSuggestions([]);
      setUpload({ status: "uploading", percent: 0 });
      void send(chosen, mine, (percent) => setUpload({ status: "uploading", percent })).then(
        (filename) => {
          if (filename) void detect(filename, mine);
        },
      );
    },
    [detect, send],
  );

  const areasRef = useRef(areas);
  areasRef.current = areas;

  const addArea = useCallback((box: Box, time: number) => {
    const current = areasRef.current;
    if (box.width < MIN_RECTANGLE_SIDE || box.height < MIN_RECTANGLE_SIDE) {
      setNotice(
        `That area is smaller than ${MIN_RECTANGLE_SIDE}×${MIN_RECTANGLE_SIDE} video pixels: drag a larger one.`,
      );
      return;
    }
    if (current.length >= MAX_RECTANGLES) {
      setNotice(`At most ${MAX_RECTANGLES} areas can be removed at once.`);
      return;
    }
    const area: Area = {
      ...box,
      id: nextAreaId.current++,
      start: "0",
      end: "",
      currentTimestamp: time,
    };
    areasRef.current = [...current, area];
    setAreas(areasRef.current);
    setNotice(
      `Area ${current.length + 1} added: ${box.width}×${box.height} at (${box.x}, ${box.y}).`,
    );
  }, []);

  const rejectDrag = useCallback((reason: "small" | "not-ready") => {
    setNotice(
      reason === "small"
        ? "Too small: drag more than 10 pixels in both directions."
        : "The preview is not ready yet: wait for the video to appear, then draw.",
    );
  }, []);

  const suggestionsRef = useRef(suggestions);
  suggestionsRef.current = suggestions;
  const videoRef = useRef(video);
  videoRef.current = video;

  /** Accepts suggestions (by id) as areas, as many as there is room for. */
  const accept = useCallback((ids: number[]) => {
    const before = areasRef.current.length;
    const accepted = acceptSuggestions(
      areasRef.current,
      suggestionsRef.current,
      ids,
      () => nextAreaId.current++,
      videoRef.current?.duration ?? null,
    );
    areasRef.current = accepted.areas;
    suggestionsRef.current = accepted.suggestions;
    setAreas(accepted.areas);
    setSuggestions(accepted.suggestions);
    if (accepted.added === 0) {
      setNotice(`At most ${MAX_RECTANGLES} areas can be removed at once.`);
    } else if (accepted.added === 1) {
      setNotice(`Suggestion accepted as area ${before + 1}.`);
    } else {
      setNotice(
        `${accepted.added} suggestions accepted as areas ${before + 1} to ${before + accepted.added}.`,
      );
    }
  }, []);

  const acceptSuggestion = useCallback((id: number) => accept([id]), [accept]);
  const acceptAllSuggestions = useCallback(
    () => accept(suggestionsRef.current.map((suggestion) => suggestion.id)),
    [accept],
  );

  const removeArea = useCallback((id: number) => {
    setAreas((current) => current.filter((area) => area.id !== id));
    setNotice("Area removed.");
  }, []);

  const updateArea = useCallback((id: number, change: Partial<Pick<Area, "start" | "end">>) => {
    setAreas((current) => current.map((area) => (area.id === id ? { ...area, ...change } : area)));
  }, []);

  const onVideoInfo = useCallback((info: VideoInfo) => {
    if (info.width > 0 && info.height > 0) {
      setVideo(info);
      setPreviewError(null);
    }
  }, []);

  const onVideoError = useCallback(() => {
    setPreviewError(
      "Your browser cannot show this video, so areas cannot be drawn on it. Try an MP4 (H.264) file.",
    );
  }, []);

  const busy = processing.status !== "idle";
  const canProcess = upload.status === "done" && areas.length > 0 && !busy;

  const process = useCallback(async () => {
    if (!canProcess || !file || upload.status !== "done") return;
    const problem = video
      ? findAreaProblem(areas, method, video)
      : "The preview has not loaded yet: wait a moment and try again.";
    if (problem) {
      setError(problem);
      setLimit(null);
      return;
    }
    const mine = run.current;
    setError(null);
    setLimit(null);
    setResult(null);

    let filename: string | null = upload.filename;
    if (consumed.current) {
      // The last job used the upload up: send the same file again, then process.
      setProcessing({ status: "uploading", percent: 0 });
      filename = await send(file, mine, (percent) =>
        setProcessing({ status: "uploading", percent }),
      );
      if (run.current !== mine) return;
      if (!filename) {
        setProcessing({ status: "idle" });
        return;
      }
    }

    setProcessing({ status: "starting" });
    try {
      const started = await trpc.video.process.mutate({
        filename,
        rectangles: toRectangles(areas, method),
        method,
      });
      if (run.current !== mine) return;
      consumed.current = true;
      if (started.freeTrialInfo) storeTrialInfo(started.freeTrialInfo);
      setProcessing({ status: "queued", progress: 0 });

      let failures = 0;
      for (;;) {
        await sleep(POLL_INTERVAL_MS);
        if (run.current !== mine) return;
        let job: Awaited<ReturnType<typeof trpc.video.status.query>>;
        try {
          job = await trpc.video.status.query({ jobId: started.jobId });
          failures = 0;
        } catch (pollError) {
          failures += 1;
          if (failures >= MAX_POLL_FAILURES) throw pollError;
          continue;
        }
        if (run.current !== mine) return;
        if (job.status === "completed" && job.filename) {
          setResult({
            filename: job.filename,
            url: `/api/stream/${job.filename}?t=${Date.now()}`,
            processingTime: job.processingTime,
          });
          setProcessing({ status: "idle" });
          return;
        }
        if (job.status === "failed") {
          setError(jobErrorMessage(job.error));
          setProcessing({ status: "idle" });
          return;
        }
        setProcessing({
          status: job.status === "processing" ? "processing" : "queued",
          progress: job.progress,
        });
      }
    } catch (failure) {
      if (run.current !== mine) return;
      const { message, extra } = apiError(failure);
      const fromServer = failure instanceof TRPCClientError && failure.shape !== undefined;
      const reached = limitFrom(extra);
      if (reached) {
        setLimit(reached);
        storeTrialInfo(extra.freeTrialInfo);
      }
      setError(processErrorMessage({ message, extra, fromServer }));
      setProcessing({ status: "idle" });
    }
  }, [areas, canProcess, file, method, send, storeTrialInfo, upload, video]);

  return {
    file,
    previewUrl,
    fileError,
    upload,
    video,
    previewError,
    areas,
    method,
    mode,
    processing,
    result,
    error,
    limit,
    freeTrialInfo,
    notice,
    detection,
    suggestions,
    busy,
    canProcess,
    chooseFile,
    addArea,
    rejectDrag,
    acceptSuggestion,
    acceptAllSuggestions,
    removeArea,
    updateArea,
    setMethod,
    setMode,
    onVideoInfo,
    onVideoError,
    process,
  };
}

export type Editor = ReturnType<typeof useEditor>;
