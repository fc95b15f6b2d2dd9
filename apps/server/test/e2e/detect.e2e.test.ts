import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { intersectionOverUnion as iou, scratchDir } from "@wr/engine/testing";
import type { Browser, Page } from "playwright-core";
import { CLIP_720P, CLIP_SMALL } from "../support/client";
import { type MarkedClip, markedClip } from "../support/marked-clip";
import type { RunningServer } from "../support/server-process";
import {
  boxOf,
  chooseVideo,
  drawArea,
  editor,
  fetchDownload,
  listedAreas,
  openTab,
  PROCESSING_TIMEOUT_MS,
  playsMuted,
  screenshot,
  startServerAndBrowser,
  videoMetadata,
  waitEnabled,
} from "./support";

/**
 * The automatic search in the editor, in a real Chromium against the real server: after the
 * upload, the marks it finds are outlined with dashes on the preview, and one click turns them
 * into areas to process.
 */

/** Detection reads the whole clip after the upload: allow it the time processing gets. */
const DETECTION_TIMEOUT_MS = PROCESSING_TIMEOUT_MS;
const NOTHING_FOUND = "No watermark found automatically — draw a rectangle over it.";
const SEARCH_ENDED =
  /possible watermarks? found|No watermark found automatically|Could not look for watermarks/;

let server: RunningServer;
let browser: Browser;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
let marked: MarkedClip;

beforeAll(async () => {
  scratch = await scratchDir();
  [{ server, browser }, marked] = await Promise.all([
    startServerAndBrowser(),
    markedClip(CLIP_720P, "opaque", scratch.path),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await scratch?.remove();
}, 30_000);

type Canvas = {
  width: number;
  getBoundingClientRect(): { left: number; top: number };
  getContext(kind: "2d"): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  } | null;
};

/**
 * The colours along a row of the drawing canvas, from viewport x `from` to `to` at viewport
 * y `y`, as "yellow" (the suggestion's dashes), "dark" (the line under them) or "other".
 */
async function canvasRow(page: Page, y: number, from: number, to: number): Promise<string[]> {
  return editor(page).canvas.evaluate(
    (el: Canvas, at: { y: number; from: number; to: number }) => {
      const rect = el.getBoundingClientRect();
      const g = el.getContext("2d");
      if (!g) return [];
      const scale = el.width / (el as unknown as { clientWidth: number }).clientWidth;
      const row = Math.round((at.y - rect.top) * scale);
      const left = Math.round((at.from - rect.left) * scale);
      const width = Math.round((at.to - at.from) * scale);
      const { data } = g.getImageData(left, row, width, 1);
      const kinds: string[] = [];
      for (let i = 0; i < data.length; i += 4) {
        const [r = 0, gr = 0, b = 0, a = 0] = data.subarray(i, i + 4);
        if (a > 200 && r > 200 && gr > 170 && b < 90) kinds.push("yellow");
        else if (a > 60 && r < 80 && gr < 80 && b < 100) kinds.push("dark");
        else kinds.push("other");
      }
      return kinds;
    },
    { y, from, to },
  );
}

describe("suggested areas in the editor", () => {
  test("a clip with a logo burnt in: the logo is outlined with dashes, Accept all makes it an area, Smart fill processes it, the result plays and downloads", async () => {
    const tab = await openTab(browser, server);
    const { page } = tab;
    const ui = editor(page);
    try {
      await page.goto("/");
      await page.getByText("System Online", { exact: true }).waitFor();
      const size = await chooseVideo(page, marked.path);
      expect(size).toEqual({ width: 1280, height: 720 });

      // The search ends in one of its three notes; only the first is right for this clip.
      const note = page.getByText(SEARCH_ENDED);
      await note.waitFor({ timeout: DETECTION_TIMEOUT_MS });
      expect(await note.textContent()).toMatch(/possible watermarks? found/);
      const acceptAll = page.getByRole("button", { name: "Accept all" });
      expect(await acceptAll.isVisible()).toBe(true);
      expect(await listedAreas(page)).toEqual([]);
      const accepts = page.getByRole("button", { name: /^Accept suggestion \d+$/ });
      const offered = await accepts.count();
      expect(offered).toBeGreaterThan(0);

      // The first suggestion's top edge, just under its Accept button, is dashed: yellow
      // dashes over a dark line, alternating.
      const button = await boxOf(accepts.first());
      const edge = await canvasRow(page, button.y + button.height + 3, button.x + 2, button.x + 80);
      const changes = edge.filter((kind, i) => i > 0 && kind !== edge[i - 1]).length;
      expect(edge.filter((kind) => kind === "yellow").length).toBeGreaterThan(10);
      expect(edge.filter((kind) => kind === "dark").length).toBeGreaterThan(5);
      expect(changes).toBeGreaterThanOrEqual(4);
      await screenshot(page, "editor-suggestions-1280x800");

      await acceptAll.click();
      const areas = await listedAreas(page);
      expect(areas.length).toBe(offered);
      const best = Math.max(...areas.map((area) => iou(area, marked.mark)));
      expect(best).toBeGreaterThanOrEqual(0.7);
      // Accepted suggestions leave the preview: no Accept buttons remain.
      await acceptAll.waitFor({ state: "detached" });
      expect(await accepts.count()).toBe(0);

      await ui.method.selectOption("smartfill");
      await waitEnabled(ui.process);
      await ui.process.click();
      await ui.result.waitFor({ state: "visible", timeout: PROCESSING_TIMEOUT_MS });
      expect(await videoMetadata(ui.result)).toMatchObject({
        width: 1280,
        height: 720,
        error: null,
      });
      expect(await playsMuted(ui.result)).toMatchObject({ advanced: true, error: null });
      const download = await fetchDownload(server, (await ui.download.getAttribute("href")) ?? "");
      expect(download.status).toBe(200);
      expect(download.type).toBe("video/mp4");
      expect(download.brand).toBe("ftyp");
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 420_000);

  test("a clean clip: the editor says no watermark was found, offers nothing to accept, and drawing still works", async () => {
    const tab = await openTab(browser, server);
    const { page } = tab;
    try {
      await page.goto("/");
      await page.getByText("System Online", { exact: true }).waitFor();
      await chooseVideo(page, CLIP_SMALL);
      await page.getByText(NOTHING_FOUND).waitFor({ timeout: DETECTION_TIMEOUT_MS });
      expect(await page.getByRole("button", { name: /^Accept/ }).count()).toBe(0);

      await drawArea(page, [0.2, 0.2], [0.4, 0.4]);
      expect((await listedAreas(page)).length).toBe(1);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 240_000);
});
