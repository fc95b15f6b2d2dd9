import { describe, expect, test } from "bun:test";
import type { ClaimedJob } from "@wr/contracts";
import { type JobContext, JobHandedBack } from "@wr/queue";
import type { JobSite } from "../src/jobs/job-site";
import { runJob } from "../src/jobs/run-job";

const JOB: ClaimedJob = {
  videoId: "video-1",
  method: "black",
  rectangles: [{ x: 0, y: 0, width: 16, height: 16 }],
  media: {
    container: "mov",
    width: 640,
    height: 360,
    duration: 1,
    fps: 25,
    frameRate: "25/1",
    frameCount: 25,
    videoCodec: "h264",
    hasAudio: false,
    audioCodec: null,
  },
};

/** A site that records what the job asked of it; its input fails as `input` says. */
function recordingSite(
  input: () => Promise<{ path: string; release(): Promise<void> }>,
  job: ClaimedJob = JOB,
) {
  const calls: string[] = [];
  const site: JobSite = {
    claim: async () => ({ job, input }),
    scratchPath: () => "/nonexistent/scratch.part",
    progress: async () => {},
    complete: async () => {
      calls.push("complete");
    },
    fail: async (_id, message, final) => {
      calls.push(`fail ${final ? "final" : "retry"}: ${message}`);
    },
    release: async () => {
      calls.push("release");
    },
  };
  return { site, calls };
}

const context = (attempt: number, signal = new AbortController().signal): JobContext => ({
  attempt,
  maxAttempts: 3,
  signal,
  reportProgress: async () => {},
});
const options = { timeoutMs: 10_000 };

describe("runJob decides what a failed run means", () => {
  test("a transient fault asks for a retry until the last attempt, which fails the video with its error", async () => {
    const flaky = recordingSite(async () => {
      throw new Error("connection reset by the server");
    });
    await expect(runJob(flaky.site, "video-1", context(1), options)).rejects.toThrow("reset");
    await expect(runJob(flaky.site, "video-1", context(2), options)).rejects.toThrow("reset");
    await runJob(flaky.site, "video-1", context(3), options);
    expect(flaky.calls).toEqual([
      "fail retry: connection reset by the server",
      "fail retry: connection reset by the server",
      "fail final: connection reset by the server",
    ]);
  });

  test("input that can never work fails at once, without a retry", async () => {
    const hls = { ...JOB, media: { ...JOB.media, container: "hls" } };
    const bad = recordingSite(async () => ({ path: "/x", release: async () => {} }), hls);
    await runJob(bad.site, "video-1", context(1), options);
    expect(bad.calls).toEqual(["fail final: Not an allowed container: hls"]);
  });

  test("a job stopped because its node shuts down is handed back, not failed", async () => {
    const controller = new AbortController();
    controller.abort(new JobHandedBack());
    const stopping = recordingSite(async () => ({ path: "/x", release: async () => {} }));
    await expect(
      runJob(stopping.site, "video-1", context(1, controller.signal), options),
    ).rejects.toBeInstanceOf(JobHandedBack);
    expect(stopping.calls).toEqual(["release"]);
  });
});
