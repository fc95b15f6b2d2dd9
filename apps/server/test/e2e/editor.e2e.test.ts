import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { me, register } from "../support/accounts";
import { CLIP_720P, CLIP_SMALL } from "../support/client";
import type { RunningServer } from "../support/server-process";
import {
  type Box,
  boxOf,
  chooseVideo,
  drawArea,
  editor,
  eventually,
  expectedArea,
  fetchDownload,
  frameStats,
  listedAreas,
  openTab,
  PHONE,
  PROCESSING_TIMEOUT_MS,
  playsMuted,
  pointIn,
  progressSeen,
  screenshot,
  seek,
  settledBox,
  startServerAndBrowser,
  touchDrag,
  videoMetadata,
  waitEnabled,
  watchProgress,
} from "./support";

/**
 * The editor on /, driven as a visitor drives it in a real Chromium against the real server:
 * choose a clip, draw areas over the preview (mouse and touch), pick a method, process, watch
 * the result play and download it.
 */

const METHODS = ["smartfill", "delogo", "blur", "pixelate", "black"];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

describe("the editor as a guest", () => {
  test("a guest uploads a clip, draws two areas with the mouse (slips and Select-mode drags make none), blurs them, watches the result play and downloads an MP4", async () => {
    const tab = await openTab(browser, server);
    const { page } = tab;
    const ui = editor(page);
    try {
      await page.goto("/");
      expect(await page.title()).toBe("Watermark Remover");

      // A guest's header: Login and Sign Up, no credits marker.
      await page.getByRole("link", { name: "Login" }).waitFor();
      expect(await page.getByRole("link", { name: "Sign Up" }).isVisible()).toBe(true);
      expect(await page.getByTestId("credits").count()).toBe(0);

      await page.getByText("System Online", { exact: true }).waitFor();
      // Guests see how many free videos they have left.
      await page.getByText(/\d+ free videos? left/).waitFor();

      // Choosing the clip: upload progress, then the preview.
      await watchProgress(page);
      const size = await chooseVideo(page, CLIP_720P);
      expect(size).toEqual({ width: 1280, height: 720 });
      await eventually("an upload progress bar shown", () => progressSeen(page), Boolean);

      // The drawing canvas lies exactly over the preview. Both are read in one step: the page
      // may still shift between two reads (a scroll bar appearing moves everything).
      const [videoBox, canvasBox] = await eventually(
        "the drawing canvas over the preview",
        async () => [await settledBox(ui.preview), await boxOf(ui.canvas)] as const,
        ([video, canvas]) =>
          (["x", "y", "width", "height"] as const).every(
            (key) => Math.abs(canvas[key] - video[key]) <= 1,
          ),
      );
      expect(videoBox.width).toBeGreaterThan(200);

      await ui.drawButton.click();
      // Nothing to process before an area exists.
      expect(await ui.process.isDisabled()).toBe(true);

      // A slip of the hand (8 × 8 display px) and a thin stroke (80 × 8) are not areas.
      await drawArea(page, [0.3, 0.5], [0.3 + 8 / canvasBox.width, 0.5 + 8 / canvasBox.height]);
      await drawArea(page, [0.3, 0.6], [0.3 + 80 / canvasBox.width, 0.6 + 8 / canvasBox.height]);
      expect(await listedAreas(page)).toEqual([]);

      // In selection mode the canvas draws nothing.
      await ui.selectButton.click();
      await drawArea(page, [0.2, 0.2], [0.5, 0.5]);
      expect(await listedAreas(page)).toEqual([]);
      await ui.drawButton.click();

      // Two real areas over textured parts of the picture (so that a blur shows): one at the
      // top, one dragged backwards (bottom-right to top-left) near the bottom-right corner; a
      // backwards drag is normalised.
      const first = await drawArea(page, [0.36, 0.03], [0.52, 0.35]);
      const second = await drawArea(page, [0.97, 0.95], [0.72, 0.66]);
      const areas = await listedAreas(page);
      expect(areas.map((area) => area.n)).toEqual([1, 2]);
      const drawn: Box[] = [
        {
          x: first.from.x,
          y: first.from.y,
          width: first.to.x - first.from.x,
          height: first.to.y - first.from.y,
        },
        {
          x: second.to.x,
          y: second.to.y,
          width: second.from.x - second.to.x,
          height: second.from.y - second.to.y,
        },
      ];
      const videoNow = await boxOf(ui.preview);
      for (const [index, area] of areas.entries()) {
        const expected = expectedArea(videoNow, size, drawn[index] as Box);
        for (const key of ["x", "y", "width", "height"] as const) {
          expect(Math.abs(area[key] - expected[key])).toBeLessThanOrEqual(4);
        }
        expect(area.x + area.width).toBeLessThanOrEqual(size.width);
        expect(area.y + area.height).toBeLessThanOrEqual(size.height);
      }

      // A third area, removed again with its Remove button: the other two stay, renumbered.
      await drawArea(page, [0.4, 0.4], [0.55, 0.55]);
      expect((await listedAreas(page)).length).toBe(3);
      await page
        .getByRole("button", { name: /^Remove(?! watermark)/ })
        .nth(2)
        .click();
      const kept = await listedAreas(page);
      expect(kept).toEqual(areas);

      // The method selector offers the five methods; blur keeps a time range per area.
      const offered = await ui.method
        .locator("option")
        .evaluateAll((options: { value: string }[]) => options.map((option) => option.value));
      expect([...offered].sort()).toEqual([...METHODS].sort());
      await ui.method.selectOption("blur");
      expect(await ui.method.inputValue()).toBe("blur");
      expect(await ui.startInputs.count()).toBe(2);
      expect(await ui.endInputs.count()).toBe(2);
      // Numbers from 0 to the video's duration, in tenths of a second.
      for (const input of [ui.startInputs.first(), ui.endInputs.first()]) {
        const attributes = await input.evaluate(
          (el: { type: string; min: string; max: string; step: string }) => ({
            type: el.type,
            min: el.min,
            max: Number(el.max),
            step: el.step,
          }),
        );
        expect(attributes).toMatchObject({ type: "number", min: "0", step: "0.1" });
        expect(Math.abs(attributes.max - 4.04)).toBeLessThan(0.1);
      }

      // The upload has finished by now: the button waits for it and for an area.
      await waitEnabled(ui.process);

      // What the preview shows at 0 s inside and outside the areas, to compare with the result.
      await seek(ui.preview, 0);
      // A textured stretch between the two areas, touching neither.
      const outside: Box = { x: 560, y: 280, width: 320, height: 100 };
      const before = await frameStats(ui.preview, [...kept, outside]);

      // Watched afresh from before the click: a fast job may show its bar only briefly.
      await watchProgress(page);
      await ui.process.click();
      await ui.result.waitFor({ state: "visible", timeout: PROCESSING_TIMEOUT_MS });
      expect(await progressSeen(page)).toBe(true);

      const src = (await ui.result.getAttribute("src")) ?? "";
      expect(src).toMatch(/^\/api\/stream\/[^/?]+\?t=\d+$/);
      const info = await videoMetadata(ui.result);
      expect(info).toMatchObject({ width: 1280, height: 720, error: null });
      expect(info.duration).toBeGreaterThan(3);

      // The first frame: the areas are blurred (much less detail), the rest is the original.
      const after = await frameStats(ui.result, [...kept, outside]);
      if (!before || !after) throw new Error("a video never painted a frame");
      for (const index of kept.keys()) {
        const was = before[index];
        const now = after[index];
        if (!was || !now) throw new Error("missing frame measurement");
        expect(was.detail).toBeGreaterThan(2);
        expect(now.detail).toBeLessThan(was.detail * 0.5);
      }
      const wasOutside = before[kept.length];
      const nowOutside = after[kept.length];
      if (!wasOutside || !nowOutside) throw new Error("missing frame measurement");
      expect(Math.abs(nowOutside.mean - wasOutside.mean)).toBeLessThan(4);
      expect(wasOutside.detail).toBeGreaterThan(2);
      expect(nowOutside.detail).toBeGreaterThan(wasOutside.detail * 0.8);

      // It plays: muted, its clock moves.
      const played = await playsMuted(ui.result);
      expect(played).toMatchObject({ advanced: true, error: null });

      // Download: a link to /api/download/... opening in a new tab, serving an MP4 attachment.
      const href = (await ui.download.getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/api\/download\/[^/?#]+$/);
      expect(await ui.download.getAttribute("target")).toBe("_blank");
      const download = await fetchDownload(server, href);
      expect(download.status).toBe(200);
      expect(download.type).toBe("video/mp4");
      expect(download.disposition).toMatch(/^attachment/);
      expect(download.bytes.byteLength).toBeGreaterThan(10_000);
      expect(download.brand).toBe("ftyp");

      await screenshot(page, "editor-result-1280x800");

      // Choosing another video starts over: no areas, no result.
      await ui.fileInput.setInputFiles(CLIP_SMALL);
      await ui.result.waitFor({ state: "detached" });
      expect(await listedAreas(page)).toEqual([]);
      expect((await videoMetadata(ui.preview)).width).toBe(640);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 240_000);

  test("a file that is not a video is refused in the page: an error, and no preview or upload", async () => {
    const tab = await openTab(browser, server);
    const { page } = tab;
    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/upload")) uploads.push(r.url());
    });
    try {
      await page.goto("/");
      await page.getByText("System Online", { exact: true }).waitFor();
      await editor(page).fileInput.setInputFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("not a video"),
      });
      await page.getByRole("alert").filter({ hasText: "notes.txt" }).waitFor();
      expect(await page.locator("video").count()).toBe(0);
      expect(uploads).toEqual([]);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);

  test("the badge says Server Offline when the health check fails, and System Online again when it answers", async () => {
    const tab = await openTab(browser, server);
    const { page } = tab;
    try {
      await page.route("**/api/health", (route) => route.abort("connectionrefused"));
      await page.goto("/");
      await page.getByText("Server Offline", { exact: true }).waitFor();
      expect(await page.getByText("System Online", { exact: true }).count()).toBe(0);

      await page.unroute("**/api/health");
      await page.reload();
      await page.getByText("System Online", { exact: true }).waitFor();
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);

  test("on a phone (390×844, touch) a finger drag over the preview marks one area", async () => {
    const tab = await openTab(browser, server, { viewport: PHONE, touch: true });
    const { page } = tab;
    const ui = editor(page);
    try {
      await page.goto("/");
      await chooseVideo(page, CLIP_SMALL);
      await ui.drawButton.tap();
      const box = await settledBox(ui.canvas);
      expect(box.width).toBeLessThanOrEqual(PHONE.width);

      // A short touch (under 10 px) makes nothing; a real drag makes one area.
      await touchDrag(page, pointIn(box, 0.5, 0.5), pointIn(box, 0.5, 0.5), 2);
      expect(await listedAreas(page)).toEqual([]);
      await touchDrag(page, pointIn(box, 0.15, 0.2), pointIn(box, 0.7, 0.75));
      const areas = await listedAreas(page);
      expect(areas.length).toBe(1);
      const [area] = areas;
      // 55 % of the 640 × 360 picture each way, give or take the rounding of a small display.
      expect(Math.abs((area?.width ?? 0) - 0.55 * 640)).toBeLessThanOrEqual(8);
      expect(Math.abs((area?.height ?? 0) - 0.55 * 360)).toBeLessThanOrEqual(8);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 90_000);
});

describe("the editor signed in", () => {
  test("a signed-in user choosing smartfill gets no Start/End inputs, and the video is processed on their account", async () => {
    const account = await register(server.url, { name: "Sam Smartfill" });
    const tab = await openTab(browser, server, { account });
    const { page } = tab;
    const ui = editor(page);
    try {
      await page.goto("/");
      // A user's header: the unlimited-credits marker, Dashboard, Logout, and no Admin.
      await page.getByTestId("credits").waitFor();
      expect(await page.getByTestId("credits").textContent()).toContain("∞");
      expect(await page.getByRole("link", { name: "Dashboard" }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Admin" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Login" }).count()).toBe(0);
      // The free-trial count is for guests only.
      expect(await page.getByText(/free videos? left/).count()).toBe(0);

      await chooseVideo(page, CLIP_SMALL);
      await ui.drawButton.click();
      await drawArea(page, [0.05, 0.05], [0.3, 0.25]);
      expect((await listedAreas(page)).length).toBe(1);

      // Time inputs for a method with a range, none for smartfill (it covers the whole video).
      await ui.method.selectOption("delogo");
      expect(await ui.startInputs.count()).toBe(1);
      expect(await ui.endInputs.count()).toBe(1);
      await ui.method.selectOption("smartfill");
      expect(await ui.startInputs.count()).toBe(0);
      expect(await ui.endInputs.count()).toBe(0);

      await waitEnabled(ui.process);
      await ui.process.click();
      await ui.result.waitFor({ state: "visible", timeout: PROCESSING_TIMEOUT_MS });
      const info = await videoMetadata(ui.result);
      expect(info).toMatchObject({ width: 640, height: 360, error: null });
      expect((await ui.download.getAttribute("href")) ?? "").toMatch(/^\/api\/download\//);

      // The page sent the token: the video counts for the account.
      const after = await me(server.url, account.token);
      expect(after.body.user.totalVideosProcessed).toBe(1);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);
});
