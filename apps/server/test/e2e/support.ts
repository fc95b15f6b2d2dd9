import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import type { Account } from "../support/accounts";
import { ROOT, type RunningServer, startServer } from "../support/server-process";

/**
 * What every end-to-end file needs: a real headless Chromium, the real server (built SPA in
 * apps/web/dist), and the few page gestures the tests share. The page is driven as a user
 * drives it: by role, label and visible text.
 *
 * The tests are typed without the DOM library (tsconfig has only ES2023 and bun), so the
 * callbacks that run inside the page describe the little of the DOM they touch themselves.
 */

export const CHROMIUM = "/usr/bin/chromium";
export const SCREENSHOT_DIR = join(ROOT, "test-output", "screenshots");

/** Generous waits: the clips are short, but CI machines are slow and share their cores. */
export const PROCESSING_TIMEOUT_MS = 120_000;
export const UI_TIMEOUT_MS = 15_000;

export type Point = { x: number; y: number };
export type Box = { x: number; y: number; width: number; height: number };
export type Size = { width: number; height: number };

export const DESKTOP: Size = { width: 1280, height: 800 };
export const PHONE: Size = { width: 390, height: 844 };

/** Starts the real server on PGlite with jobs in-process (the SPA it serves must be built). */
export async function startWebServer(env: Record<string, string | undefined> = {}) {
  if (!existsSync(join(ROOT, "apps", "web", "dist", "index.html"))) {
    throw new Error(
      "The web app is not built: run `bun run build` in apps/web before the end-to-end tests",
    );
  }
  return startServer({ database: "pglite", queue: "in-process" }, env);
}

/** Headless Chromium from the system; its absence is a failure, never a skip. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The end-to-end tests need Chromium at ${CHROMIUM} and it is missing ` +
        "(on Debian: apt-get install -y chromium).",
    );
  }
  return chromium.launch({
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
}

/**
 * The server and the browser of one test file, started side by side. If either fails the
 * other is shut down again, so that no server outlives a file that could not start.
 */
export async function startServerAndBrowser(
  env: Record<string, string | undefined> = {},
): Promise<{ server: RunningServer; browser: Browser }> {
  const [server, browser] = await Promise.allSettled([startWebServer(env), launchBrowser()]);
  if (server.status === "fulfilled" && browser.status === "fulfilled") {
    return { server: server.value, browser: browser.value };
  }
  if (server.status === "fulfilled") await server.value.stop();
  if (browser.status === "fulfilled") await browser.value.close();
  throw browser.status === "rejected" ? browser.reason : (server as PromiseRejectedResult).reason;
}

export type Tab = {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page: a test ends by asserting there were none. */
  errors: string[];
  close(): Promise<void>;
};

export type TabOptions = {
  viewport?: Size;
  /** Signed in from the first request: token and user already in localStorage. */
  account?: Pick<Account, "token" | "user">;
  touch?: boolean;
};

/** A fresh browser profile (own storage, own fingerprint cache) with one page on the server. */
export async function openTab(
  browser: Browser,
  server: RunningServer,
  options: TabOptions = {},
): Promise<Tab> {
  const contextOptions: BrowserContextOptions = {
    baseURL: server.url,
    viewport: options.viewport ?? DESKTOP,
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
  };
  if (options.account) {
    contextOptions.storageState = {
      cookies: [],
      origins: [
        {
          origin: server.url,
          localStorage: [
            { name: "token", value: options.account.token },
            { name: "user", value: JSON.stringify(options.account.user) },
          ],
        },
      ],
    };
  }
  const context = await browser.newContext(contextOptions);
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors, close: () => context.close() };
}

/**
 * Reads a value again and again until it passes `ok`, and returns it; after `timeout` fails
 * with what it last read. (bun's expect has no poll.)
 */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeout = UI_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeout} ms`);
    }
    await Bun.sleep(100);
  }
}

/** Waits until a control is enabled (a button waiting for an upload, say). */
export async function waitEnabled(locator: Locator, timeout = 60_000): Promise<void> {
  await eventually(`${locator} enabled`, () => locator.isEnabled(), Boolean, timeout);
}

/** The path part of the page's address (the tests compare routes, not hosts). */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the SPA's route is `path` (client-side redirects happen after load). */
export async function waitForPath(page: Page, path: string, timeout = UI_TIMEOUT_MS) {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/** What the page stored under a localStorage key (null when absent). */
export function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate(
    (name) =>
      (
        globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
      ).localStorage.getItem(name),
    key,
  );
}

// ---------------------------------------------------------------------------------------------
// Gestures

/** A drag with the mouse from one viewport point to another, in several moves. */
export async function mouseDrag(page: Page, from: Point, to: Point) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/**
 * A one-finger drag on a touch screen, through the DevTools protocol: touchStart, several
 * touchMoves, touchEnd (page.touchscreen.tap cannot drag). Chromium turns these into touch
 * and pointer events as a phone would.
 */
export async function touchDrag(page: Page, from: Point, to: Point, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const point = (p: Point) => ({ x: Math.round(p.x), y: Math.round(p.y), id: 1 });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point(from)] });
    for (let i = 1; i <= steps; i++) {
      const at = {
        x: from.x + ((to.x - from.x) * i) / steps,
        y: from.y + ((to.y - from.y) * i) / steps,
      };
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point(at)] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/**
 * An element's box once the layout around it holds still: two reads a moment apart agree.
 * Just after an upload, what goes away above the preview (its progress) can still move it.
 */
export async function settledBox(locator: Locator): Promise<Box> {
  let previous: Box | null = null;
  const settled = await eventually(
    `${locator} laid out and still`,
    async () => {
      const box = await boxOf(locator);
      const still = previous !== null && sameBox(previous, box);
      previous = box;
      return still ? box : null;
    },
    (box) => box !== null,
  );
  return settled as Box;
}

function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** The viewport box of an element that must be laid out (scrolled into view first). */
export async function boxOf(locator: Locator): Promise<Box> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not laid out`);
  return box;
}

/** A point of a box given as fractions of its width and height. */
export function pointIn(box: Box, fx: number, fy: number): Point {
  return { x: Math.round(box.x + box.width * fx), y: Math.round(box.y + box.height * fy) };
}

// ---------------------------------------------------------------------------------------------
// The editor's area list

/** An area as the list shows it: "Area N: W×H at (X, Y)", in the video's own pixels. */
export const AREA_TEXT = /Area (\d+): (\d+)×(\d+) at \((\d+), (\d+)\)/;

export function parseArea(text: string): Box & { n: number } {
  const match = AREA_TEXT.exec(text);
  if (!match) throw new Error(`not an area description: ${JSON.stringify(text)}`);
  const [n, width, height, x, y] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { n, x, y, width, height };
}

/** Every area the editor lists, in order. */
export async function listedAreas(page: Page): Promise<(Box & { n: number })[]> {
  const texts = await page.getByText(AREA_TEXT).allTextContents();
  return texts.map(parseArea);
}

/** The area a user means: the dragged display rectangle, in the picture's own pixels. */
export function expectedArea(video: Box, size: Size, drawn: Box): Box {
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

// ---------------------------------------------------------------------------------------------
// Video elements, seen from inside the page

type Listener = (type: string, listener: () => void) => void;
type Context2D = {
  drawImage(image: unknown, x: number, y: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
  getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
};
type CanvasEl = {
  width: number;
  height: number;
  getContext(kind: "2d", options: { willReadFrequently: boolean }): Context2D | null;
};
type VideoEl = {
  videoWidth: number;
  videoHeight: number;
  duration: number;
  currentTime: number;
  readyState: number;
  muted: boolean;
  paused: boolean;
  error: { code: number; message: string } | null;
  addEventListener: Listener;
  removeEventListener: Listener;
  play(): Promise<void>;
  pause(): void;
  ownerDocument: { createElement(tag: "canvas"): CanvasEl };
};

export type VideoInfo = { width: number; height: number; duration: number; error: string | null };

/** Waits for a <video> to know its picture (or fail to load); its size and duration. */
export function videoMetadata(video: Locator, timeout = 30_000): Promise<VideoInfo> {
  return video.evaluate(
    (el: VideoEl, ms: number) =>
      new Promise<VideoInfo>((resolve) => {
        const done = () =>
          resolve({
            width: el.videoWidth,
            height: el.videoHeight,
            duration: el.duration,
            error: el.error ? `code ${el.error.code}: ${el.error.message}` : null,
          });
        if (el.readyState >= 1 || el.error) return done();
        el.addEventListener("loadedmetadata", done);
        el.addEventListener("error", done);
        setTimeout(done, ms);
      }),
    timeout,
  );
}

/**
 * Plays a <video> muted (autoplay rules allow that without a gesture) and reports whether its
 * clock moved past where it started; then pauses it.
 */
export function playsMuted(
  video: Locator,
  timeout = 30_000,
): Promise<{ advanced: boolean; from: number; to: number; error: string | null }> {
  return video.evaluate(
    (el: VideoEl, ms: number) =>
      new Promise<{ advanced: boolean; from: number; to: number; error: string | null }>(
        (resolve) => {
          el.muted = true;
          const from = el.currentTime;
          let settled = false;
          const finish = (error: string | null) => {
            if (settled) return;
            settled = true;
            el.removeEventListener("timeupdate", check);
            el.pause();
            resolve({ advanced: el.currentTime > from + 0.2, from, to: el.currentTime, error });
          };
          const check = () => {
            if (el.currentTime > from + 0.2) finish(null);
          };
          el.addEventListener("timeupdate", check);
          el.play().catch((error: Error) => finish(`play() refused: ${error.message}`));
          setTimeout(() => finish(el.error ? `media error ${el.error.code}` : "timed out"), ms);
        },
      ),
    timeout,
  );
}

/** Mean luminance and detail (mean absolute difference of neighbours) of some boxes of a frame. */
export type FrameStats = { mean: number; detail: number };

/**
 * Draws the video's current frame (waiting until one is painted) and measures each box (in the
 * picture's pixels). Chromium paints no frame of a paused video that was never on screen, so
 * the element is scrolled into view first.
 */
export async function frameStats(video: Locator, boxes: Box[]): Promise<FrameStats[] | null> {
  await video.scrollIntoViewIfNeeded();
  return video.evaluate(
    (el: VideoEl, regions: Box[]) =>
      new Promise<FrameStats[] | null>((resolve) => {
        const canvas = el.ownerDocument.createElement("canvas");
        canvas.width = el.videoWidth;
        canvas.height = el.videoHeight;
        const g = canvas.getContext("2d", { willReadFrequently: true });
        if (!g) return resolve(null);
        const measure = (box: Box): FrameStats => {
          const x = Math.max(0, Math.round(box.x));
          const y = Math.max(0, Math.round(box.y));
          const w = Math.max(2, Math.min(canvas.width - x, Math.round(box.width)));
          const h = Math.max(2, Math.min(canvas.height - y, Math.round(box.height)));
          const { data } = g.getImageData(x, y, w, h);
          const luma = (i: number) =>
            ((data[i] ?? 0) * 299 + (data[i + 1] ?? 0) * 587 + (data[i + 2] ?? 0) * 114) / 1000;
          let sum = 0;
          let detail = 0;
          let pairs = 0;
          for (let row = 0; row < h; row++) {
            for (let col = 0; col < w; col++) {
              const i = (row * w + col) * 4;
              const here = luma(i);
              sum += here;
              if (col + 1 < w) {
                detail += Math.abs(luma(i + 4) - here);
                pairs++;
              }
              if (row + 1 < h) {
                detail += Math.abs(luma(i + w * 4) - here);
                pairs++;
              }
            }
          }
          return { mean: sum / (w * h), detail: detail / Math.max(1, pairs) };
        };
        const deadline = Date.now() + 20_000;
        const attempt = () => {
          g.clearRect(0, 0, canvas.width, canvas.height);
          g.drawImage(el, 0, 0);
          // Until a frame is painted, drawing the video leaves the canvas transparent.
          if (g.getImageData(0, canvas.height - 1, 1, 1).data[3] === 0) {
            if (Date.now() > deadline) resolve(null);
            else setTimeout(attempt, 100);
            return;
          }
          resolve(regions.map(measure));
        };
        attempt();
      }),
    boxes,
  );
}

/** Seeks a <video> and waits for the frame at that time. */
export function seek(video: Locator, time: number): Promise<void> {
  return video.evaluate(
    (el: VideoEl, t: number) =>
      new Promise<void>((resolve) => {
        el.pause();
        if (Math.abs(el.currentTime - t) < 0.001 && el.readyState >= 2) return resolve();
        el.addEventListener("seeked", () => resolve());
        el.currentTime = t;
        setTimeout(resolve, 10_000);
      }),
    time,
  );
}

// ---------------------------------------------------------------------------------------------
// Watching the page

/**
 * Starts recording, inside the page, whether a progress bar (role=progressbar or <progress>)
 * is ever shown; `progressSeen` reads the record. A fast job may show it only briefly, so the
 * page is watched from before the click on every DOM change.
 */
export async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Doc = {
      body: unknown;
      querySelectorAll(selector: string): ArrayLike<{ getClientRects(): ArrayLike<unknown> }>;
    };
    const g = globalThis as unknown as {
      document: Doc;
      progressSeen: boolean;
      MutationObserver: new (
        callback: () => void,
      ) => { observe(target: unknown, options: Record<string, boolean>): void };
    };
    g.progressSeen = false;
    const look = () => {
      const bars = g.document.querySelectorAll('[role="progressbar"], progress');
      for (let i = 0; i < bars.length; i++) {
        if ((bars[i]?.getClientRects().length ?? 0) > 0) g.progressSeen = true;
      }
    };
    new g.MutationObserver(look).observe(g.document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
  });
}

export function progressSeen(page: Page): Promise<boolean> {
  return page.evaluate(() => (globalThis as unknown as { progressSeen: boolean }).progressSeen);
}

/** How far the page is wider than the screen it is shown on (0 when nothing overflows). */
export function sidewaysOverflow(page: Page): Promise<number> {
  const width = page.viewportSize()?.width ?? 0;
  return page.evaluate((screenWidth) => {
    const g = globalThis as unknown as {
      document: { documentElement: { scrollWidth: number } };
    };
    return Math.max(0, g.document.documentElement.scrollWidth - screenWidth);
  }, width);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // From the top: a sticky header would otherwise be painted where the page was scrolled to.
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
  await page.screenshot({ path, fullPage: true });
  return path;
}

// ---------------------------------------------------------------------------------------------
// The editor, step by step

/** The editor's controls, by the names the page gives them. */
export function editor(page: Page) {
  return {
    fileInput: page.getByLabel("Choose a video"),
    drawButton: page.getByRole("button", { name: "Draw areas" }),
    selectButton: page.getByRole("button", { name: "Select", exact: true }),
    method: page.getByLabel("Method"),
    process: page.getByRole("button", { name: "Remove watermark" }),
    /** The preview: the <video> under the drawing canvas (the first video on the page). */
    preview: page.locator("video").first(),
    canvas: page.locator("canvas").first(),
    result: page.locator('video[src^="/api/stream/"]'),
    download: page.getByRole("link", { name: "Download" }),
    startInputs: page.getByLabel("Start (s)"),
    endInputs: page.getByLabel("End (s)"),
  };
}

/** Chooses a file and waits until the preview knows its picture; returns its size. */
export async function chooseVideo(page: Page, file: string): Promise<Size> {
  const ui = editor(page);
  await ui.fileInput.setInputFiles(file);
  await ui.preview.waitFor({ state: "visible", timeout: 60_000 });
  const info = await videoMetadata(ui.preview);
  if (info.error || !info.width) {
    throw new Error(`the preview did not load the chosen video: ${JSON.stringify(info)}`);
  }
  await ui.canvas.waitFor({ state: "visible" });
  return { width: info.width, height: info.height };
}

/** Draws one area with the mouse, from and to fractions of the canvas. */
export async function drawArea(page: Page, from: [number, number], to: [number, number]) {
  const box = await boxOf(editor(page).canvas);
  const a = pointIn(box, from[0], from[1]);
  const b = pointIn(box, to[0], to[1]);
  await mouseDrag(page, a, b);
  return { from: a, to: b, box };
}

/** Fetches what a Download link points at, as the browser's new tab would. */
export async function fetchDownload(server: RunningServer, href: string) {
  const response = await fetch(new URL(href, server.url));
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    disposition: response.headers.get("content-disposition") ?? "",
    bytes,
    brand: new TextDecoder().decode(bytes.subarray(4, 8)),
  };
}
