import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { CLIP_720P } from "./support/client";
import { type RunningServer, startServer } from "./support/server-process";

/**
 * The web page as a user drives it, in a real headless Chromium against the real server:
 * upload, draw an area over the preview, pick a method, process, watch the result, download.
 */

const CHROMIUM = "/usr/bin/chromium";
const SCREENSHOT = "/tmp/e2e-editor.png";

type Box = { x: number; y: number; width: number; height: number };
/** What the page's scripts see of an element; the tests are typed without the DOM library. */
type El = {
  textContent: string | null;
  hidden: boolean;
  getAttribute(name: string): string | null;
  addEventListener(type: string, listener: () => void): void;
};
type Context2D = {
  drawImage(image: unknown, x: number, y: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
  getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
};
type VideoEl = El & {
  videoWidth: number;
  videoHeight: number;
  readyState: number;
  error: unknown;
  ownerDocument: {
    createElement(tag: "canvas"): {
      width: number;
      height: number;
      getContext(kind: "2d", options: { willReadFrequently: boolean }): Context2D | null;
    };
  };
};
type ProgressEl = El & { value: number };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is required for the end-to-end test and was not found at ${CHROMIUM} (apt-get install chromium)`,
    );
  }
  server = await startServer({ database: "pglite", queue: "in-process" });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A drag with the mouse, from one point to another in page coordinates, in several moves. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** The area a user means: the dragged display rectangle, in the picture's own pixels. */
function expectedArea(video: Box, size: { width: number; height: number }, drawn: Box): Box {
  // object-fit: contain — the picture is scaled to fit the element and centred in it.
  const scale = Math.min(video.width / size.width, video.height / size.height);
  const left = video.x + (video.width - size.width * scale) / 2;
  const top = video.y + (video.height - size.height * scale) / 2;
  return {
    x: (drawn.x - left) / scale,
    y: (drawn.y - top) / scale,
    width: drawn.width / scale,
    height: drawn.height / scale,
  };
}

function parseArea(text: string): Box {
  const match = /Area 1: (\d+)×(\d+) at \((\d+), (\d+)\)/.exec(text);
  if (!match) throw new Error(`the area list does not describe an area: ${JSON.stringify(text)}`);
  const [width, height, x, y] = match.slice(1).map(Number) as [number, number, number, number];
  return { x, y, width, height };
}

test("a user uploads a clip, marks an area over the preview, removes it with a black box and downloads the result", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  try {
    await page.goto(`${server.url}/`);
    expect(await page.title()).toBe("Watermark Remover");

    // The health badge turns green once /api/health answers.
    const badge = page.locator("#badge");
    await page.getByText("System Online", { exact: true }).waitFor({ timeout: 15_000 });
    expect(await badge.textContent()).toBe("System Online");
    expect(await badge.getAttribute("class")).toContain("online");

    // Editor and result are hidden until there is something to show.
    expect(await page.locator("#editor").isHidden()).toBe(true);
    expect(await page.locator("#result").isHidden()).toBe(true);

    // Choose the clip: the preview appears and the upload finishes.
    await page.locator("#file").setInputFiles(CLIP_720P);
    await page.locator("#editor").waitFor({ state: "visible" });
    await page.getByText("Uploaded.", { exact: true }).waitFor({ timeout: 60_000 });

    const processButton = page.locator("#process");
    expect(await processButton.isDisabled()).toBe(true);

    // The preview has to know its picture before a drawn area can be mapped onto it.
    const preview = page.locator("#preview");
    await preview.evaluate(
      (video: VideoEl) =>
        new Promise<void>((resolve) => {
          if (video.readyState >= 1) resolve();
          else video.addEventListener("loadedmetadata", () => resolve());
        }),
    );
    const size = await preview.evaluate((video: VideoEl) => ({
      width: video.videoWidth,
      height: video.videoHeight,
    }));
    expect(size).toEqual({ width: 1280, height: 720 });

    const videoBox = await preview.boundingBox();
    const canvasBox = await page.locator("#canvas").boundingBox();
    if (!videoBox || !canvasBox)
      throw new Error("the preview or its drawing canvas is not laid out");
    expect(videoBox.width).toBeGreaterThan(200);
    // The drawing canvas lies exactly over the video.
    expect(Math.abs(canvasBox.x - videoBox.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(canvasBox.y - videoBox.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(canvasBox.width - videoBox.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(canvasBox.height - videoBox.height)).toBeLessThanOrEqual(1);

    // A tiny drag (8 × 8 display pixels) is a slip of the hand, not an area.
    const tinyFrom = {
      x: videoBox.x + videoBox.width * 0.3,
      y: videoBox.y + videoBox.height * 0.5,
    };
    await drag(page, tinyFrom, { x: tinyFrom.x + 8, y: tinyFrom.y + 8 });
    expect(await page.locator("#areas li").count()).toBe(0);
    expect(await processButton.isDisabled()).toBe(true);

    // A real drag over the top-right corner, where a logo usually sits.
    const from = {
      x: Math.round(videoBox.x + videoBox.width * 0.62),
      y: Math.round(videoBox.y + videoBox.height * 0.08),
    };
    const to = {
      x: Math.round(videoBox.x + videoBox.width * 0.9),
      y: Math.round(videoBox.y + videoBox.height * 0.3),
    };
    await drag(page, from, to);
    const items = page.locator("#areas li");
    expect(await items.count()).toBe(1);
    const reported = parseArea((await items.first().textContent()) ?? "");
    const expected = expectedArea(videoBox, size, {
      x: from.x,
      y: from.y,
      width: to.x - from.x,
      height: to.y - from.y,
    });
    for (const key of ["x", "y", "width", "height"] as const) {
      expect(Math.abs(reported[key] - expected[key])).toBeLessThanOrEqual(2);
    }
    expect(reported.x + reported.width).toBeLessThanOrEqual(size.width);
    expect(reported.y + reported.height).toBeLessThanOrEqual(size.height);
    expect(await processButton.isEnabled()).toBe(true);

    await page.locator("#method").selectOption("black");
    expect(await page.locator("#method").inputValue()).toBe("black");

    // Watch the progress bar from before the click: a fast job may show it only briefly.
    await page.locator("#progress").evaluate((bar: ProgressEl) => {
      const seen = { shown: false, values: [] as number[] };
      (globalThis as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      const MutationObserverCtor = (
        globalThis as unknown as {
          MutationObserver: new (
            callback: () => void,
          ) => { observe(target: unknown, options: { attributes: boolean }): void };
        }
      ).MutationObserver;
      new MutationObserverCtor(() => {
        if (!bar.hidden) seen.shown = true;
        seen.values.push(bar.value);
      }).observe(bar, { attributes: true });
    });

    const started = Date.now();
    await processButton.click();
    await page.locator("#result").waitFor({ state: "visible", timeout: 240_000 });
    const processingMs = Date.now() - started;
    expect(await page.locator("#processState").textContent()).toBe("Done.");

    const progress = await page.evaluate(
      () =>
        (globalThis as unknown as { progressSeen: { shown: boolean; values: number[] } })
          .progressSeen,
    );
    expect(progress.shown).toBe(true);
    expect(progress.values.at(-1)).toBe(100);
    expect(progress.values).toEqual([...progress.values].sort((a, b) => a - b));
    // Once done, the bar goes away and the button waits for a new upload.
    expect(await page.locator("#progress").isHidden()).toBe(true);
    expect(await processButton.isDisabled()).toBe(true);

    // The result plays: Chromium loads its metadata and sees the full 1280-pixel picture.
    const resultVideo = page.locator("#resultVideo");
    const loaded = await resultVideo.evaluate(
      (video: VideoEl) =>
        new Promise<{ width: number; height: number; error: boolean }>((resolve) => {
          const done = () =>
            resolve({
              width: video.videoWidth,
              height: video.videoHeight,
              error: video.error != null,
            });
          if (video.readyState >= 1) done();
          else {
            video.addEventListener("loadedmetadata", done);
            video.addEventListener("error", done);
          }
        }),
    );
    expect(loaded).toEqual({ width: 1280, height: 720, error: false });
    expect(await resultVideo.getAttribute("src")).toMatch(/^\/api\/stream\/[^/?]+\?t=\d+$/);

    // A user scrolls down to the result; Chromium paints no frame of a paused video that was
    // never on screen. Its first frame shows the marked area blacked out, the rest untouched.
    await resultVideo.scrollIntoViewIfNeeded();
    const frame = await resultVideo.evaluate(
      (video: VideoEl, area: Box) =>
        new Promise<{ inside: number; outside: number } | null>((resolve) => {
          const canvas = video.ownerDocument.createElement("canvas");
          canvas.width = video.videoWidth;
          canvas.height = video.videoHeight;
          const g = canvas.getContext("2d", { willReadFrequently: true });
          if (!g) return resolve(null);
          const mean = (x: number, y: number, width: number, height: number) => {
            const { data } = g.getImageData(x, y, width, height);
            let sum = 0;
            for (let i = 0; i < data.length; i += 4) {
              sum += (data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0);
            }
            return sum / (data.length / 4) / 3;
          };
          const deadline = Date.now() + 20_000;
          const attempt = () => {
            g.clearRect(0, 0, canvas.width, canvas.height);
            g.drawImage(video, 0, 0);
            // Until a frame is painted, drawing the video leaves the canvas transparent.
            if (g.getImageData(0, canvas.height - 1, 1, 1).data[3] === 0) {
              if (Date.now() > deadline) resolve(null);
              else setTimeout(attempt, 100);
              return;
            }
            resolve({
              // Well inside the area, so that rounding at its edges does not matter.
              inside: mean(area.x + 6, area.y + 6, area.width - 12, area.height - 12),
              // The bottom-left quarter, far from the area.
              outside: mean(0, canvas.height / 2, canvas.width / 2, canvas.height / 2),
            });
          };
          attempt();
        }),
      reported,
    );
    if (!frame) throw new Error("the result video never painted a frame");
    expect(frame.inside).toBeLessThan(8);
    expect(frame.outside).toBeGreaterThan(40);

    // The Download link points at the processed file and serves it as an attachment.
    const href = await page.locator("#download").getAttribute("href");
    expect(href).toMatch(/^\/api\/download\/[^/?#]+$/);
    const download = await fetch(`${server.url}${href}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("video/mp4");
    expect(download.headers.get("content-disposition") ?? "").toMatch(/^attachment;/);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(10_000);
    expect(new TextDecoder().decode(bytes.subarray(4, 8))).toBe("ftyp");

    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(pageErrors).toEqual([]);
    console.log(
      `processing took ${processingMs} ms; area ${JSON.stringify(reported)} (expected ` +
        `${JSON.stringify(expected)}); result luminance inside ${frame.inside.toFixed(1)}, ` +
        `outside ${frame.outside.toFixed(1)}; screenshot at ${SCREENSHOT}`,
    );
  } finally {
    await context.close();
  }
}, 300_000);
