import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { CLIP_SMALL } from "../support/client";
import type { RunningServer } from "../support/server-process";
import {
  chooseVideo,
  drawArea,
  editor,
  listedAreas,
  openTab,
  PROCESSING_TIMEOUT_MS,
  startServerAndBrowser,
  waitEnabled,
  waitForPath,
} from "./support";

/** The free trial in the browser, on a server that allows a guest one video. */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ FREE_TRIAL_LIMIT: "1" }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

test("with a one-video trial, a guest's second video is refused with a call to sign up that links to /register", async () => {
  const tab = await openTab(browser, server);
  const { page } = tab;
  const ui = editor(page);
  const processOnce = async () => {
    await chooseVideo(page, CLIP_SMALL);
    await ui.drawButton.click();
    await drawArea(page, [0.1, 0.1], [0.4, 0.4]);
    expect((await listedAreas(page)).length).toBe(1);
    await ui.method.selectOption("black");
    await waitEnabled(ui.process);
    await ui.process.click();
  };
  try {
    await page.goto("/");
    await page.getByText("1 free video left").waitFor();

    await processOnce();
    await ui.result.waitFor({ state: "visible", timeout: PROCESSING_TIMEOUT_MS });
    await page.getByText("No free videos left").waitFor();

    // The second video: no result, but a call to sign up in the page (not only the header's).
    await processOnce();
    const signUp = page.getByRole("main").getByRole("link", { name: /sign up|create/i });
    await signUp.first().waitFor({ timeout: PROCESSING_TIMEOUT_MS });
    expect(await signUp.first().getAttribute("href")).toBe("/register");
    expect(await ui.result.count()).toBe(0);

    await signUp.first().click();
    await waitForPath(page, "/register");
    expect(tab.errors).toEqual([]);
  } finally {
    await tab.close();
  }
}, 180_000);
