import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { type Account, loginToken, me, RELAXED_LOGIN_LIMITS, register } from "../support/accounts";
import { CLIP_720P } from "../support/client";
import type { RunningServer } from "../support/server-process";
import {
  chooseVideo,
  DESKTOP,
  drawArea,
  editor,
  listedAreas,
  openTab,
  PHONE,
  type Size,
  screenshot,
  sidewaysOverflow,
  startServerAndBrowser,
  waitEnabled,
} from "./support";

/**
 * Every main screen at desktop (1280×800) and phone (390×844) size, saved as full-page
 * screenshots in test-output/screenshots/ for a person to look at. The test itself checks
 * what a screenshot cannot be trusted to show: that nothing is wider than the screen.
 */

const ADMIN_EMAIL = "admin-screens@example.com";
const ADMIN_PASSWORD = "admin-screens-password";

type Who = "guest" | "user" | "admin";
type Screen = {
  name: string;
  path: string;
  who: Who;
  /** Something that is on the screen once it has loaded. */
  ready(page: Page): Locator;
  /** Brings the screen into the state worth looking at, after it has loaded. */
  prepare?(page: Page): Promise<void>;
};

const SCREENS: Screen[] = [
  { name: "home", path: "/", who: "guest", ready: (p) => p.getByText("System Online") },
  {
    name: "editor",
    path: "/",
    who: "guest",
    ready: (p) => p.getByText("System Online"),
    async prepare(page) {
      await chooseVideo(page, CLIP_720P);
      await editor(page).drawButton.click();
      await drawArea(page, [0.6, 0.08], [0.9, 0.3]);
      expect((await listedAreas(page)).length).toBe(1);
      await editor(page).method.selectOption("blur");
      await waitEnabled(editor(page).process);
    },
  },
  {
    name: "login",
    path: "/login",
    who: "guest",
    ready: (p) => p.getByRole("button", { name: "Login" }),
  },
  {
    name: "register",
    path: "/register",
    who: "guest",
    ready: (p) => p.getByRole("button", { name: "Create Account" }),
  },
  {
    name: "pricing",
    path: "/pricing",
    who: "guest",
    ready: (p) => p.getByText(/\$19/).first(),
  },
  {
    name: "dashboard",
    path: "/dashboard",
    who: "user",
    ready: (p) => p.getByText(/Welcome, /),
  },
  { name: "payment", path: "/payment", who: "user", ready: (p) => p.getByText("Best Value") },
  { name: "admin", path: "/admin", who: "admin", ready: (p) => p.getByText("Total users") },
];

let server: RunningServer;
let browser: Browser;
const accounts: Partial<Record<Who, Pick<Account, "token" | "user">>> = {};

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...RELAXED_LOGIN_LIMITS,
  }));
  accounts.user = await register(server.url, { name: "Priya Screenshot" });
  const token = await loginToken(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  accounts.admin = { token, user: (await me(server.url, token)).body.user };
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

for (const [label, viewport] of [
  ["1280x800", DESKTOP],
  ["390x844", PHONE],
] as [string, Size][]) {
  test(`screenshots of every main screen at ${label}, none wider than the screen`, async () => {
    const overflowing: string[] = [];
    const failures: string[] = [];
    for (const screen of SCREENS) {
      const account = screen.who === "guest" ? undefined : accounts[screen.who];
      const phone = viewport === PHONE;
      const tab = await openTab(browser, server, { viewport, account, touch: phone });
      const { page } = tab;
      try {
        await page.goto(screen.path);
        await screen.ready(page).waitFor();
        await screen.prepare?.(page);
        // Not "networkidle": a preview video keeps fetching ranges. Fonts are what shift text.
        await page.evaluate(async () => {
          await (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } })
            .document.fonts.ready;
        });
        const path = await screenshot(page, `${screen.name}-${label}`);
        const extra = await sidewaysOverflow(page);
        if (extra > 0) overflowing.push(`${screen.name} (${extra}px wider than ${label}): ${path}`);
        if (tab.errors.length) failures.push(`${screen.name}: ${tab.errors.join("; ")}`);
      } catch (error) {
        failures.push(`${screen.name}: ${error instanceof Error ? error.message : error}`);
        await screenshot(page, `${screen.name}-${label}-FAILED`).catch(() => {});
      } finally {
        await tab.close();
      }
    }
    expect(failures).toEqual([]);
    expect(overflowing).toEqual([]);
  }, 120_000);
}
