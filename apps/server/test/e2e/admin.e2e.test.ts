import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import {
  type Account,
  loginToken,
  me,
  RELAXED_LOGIN_LIMITS,
  register,
  request,
  uploadAndProcess,
} from "../support/accounts";
import type { RunningServer } from "../support/server-process";
import { eventually, openTab, startServerAndBrowser, waitForPath } from "./support";

/**
 * The admin panel in the browser, on a server that creates an administrator at start-up:
 * statistics, users (credits, deactivation), videos and anonymous sessions (blocking).
 */

const ADMIN_EMAIL = "admin-e2e@example.com";
const ADMIN_PASSWORD = "admin-e2e-password";

let server: RunningServer;
let browser: Browser;
let admin: Pick<Account, "token" | "user">;
/** A guest who processed one video: a trial session the admin can see and block. */
const GUEST_FINGERPRINT = `e2eguest${crypto.randomUUID().replaceAll("-", "")}`;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ADMIN_NAME: "Ada Admin",
    ...RELAXED_LOGIN_LIMITS,
  }));
  const token = await loginToken(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  admin = { token, user: (await me(server.url, token)).body.user };
  const processed = await uploadAndProcess(server.url, { fingerprint: GUEST_FINGERPRINT });
  if (processed.status !== 200) {
    throw new Error(`the guest's video was not processed: ${JSON.stringify(processed.body)}`);
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

/** The table row that mentions `text` (an email, a fingerprint's first characters). */
function rowOf(page: Page, text: string) {
  return page.getByRole("row").filter({ hasText: text });
}

describe("admin panel", () => {
  test("an admin logs in, sees the Admin link, and opens the four tabs with the statistics and the guest's video", async () => {
    const tab = await openTab(browser, server);
    const { page } = tab;
    try {
      await page.goto("/login");
      await page.getByLabel("Email").fill(ADMIN_EMAIL);
      await page.getByLabel("Password").fill(ADMIN_PASSWORD);
      await page.getByRole("button", { name: "Login" }).click();
      await waitForPath(page, "/dashboard");

      await page.getByRole("link", { name: "Admin" }).click();
      await waitForPath(page, "/admin");
      for (const name of ["Statistics", "Users", "Videos", "Anonymous Sessions"]) {
        await page.getByRole("tab", { name }).waitFor();
      }

      // Statistics first: the counters are there.
      await page.getByText("Total users").waitFor();
      await page.getByText("Free trials").first().waitFor();

      await page.getByRole("tab", { name: "Videos" }).click();
      const guestVideo = page.getByRole("row").filter({ hasText: "Anonymous" });
      await guestVideo.first().waitFor();
      expect(await guestVideo.first().textContent()).toMatch(/black/i);

      await page.getByRole("tab", { name: "Users" }).click();
      await rowOf(page, ADMIN_EMAIL).waitFor();
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 90_000);

  test("an admin sets a user's credits with Edit → Credits for {email} → Save", async () => {
    const user = await register(server.url, { name: "Cora Credits" });
    const tab = await openTab(browser, server, { account: admin });
    const { page } = tab;
    try {
      await page.goto("/admin");
      await page.getByRole("tab", { name: "Users" }).click();
      const row = rowOf(page, user.email);
      await row.getByRole("button", { name: /^Edit/ }).click();
      const input = page.getByLabel(`Credits for ${user.email}`, { exact: true });
      await input.fill("42");
      await row.getByRole("button", { name: "Save" }).click();

      await input.waitFor({ state: "detached" });
      await eventually(
        "the user's row",
        async () => (await row.textContent()) ?? "",
        (text) => text.includes("42"),
      );
      expect((await me(server.url, user.token)).body.user.credits).toBe(42);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);

  test("an admin deactivates a user: the user's session stops working, and the row offers Activate", async () => {
    const user = await register(server.url, { name: "Dave Deactivated" });
    expect((await me(server.url, user.token)).status).toBe(200);
    const tab = await openTab(browser, server, { account: admin });
    const { page } = tab;
    try {
      await page.goto("/admin");
      await page.getByRole("tab", { name: "Users" }).click();
      const row = rowOf(page, user.email);
      await row.getByRole("button", { name: /^Deactivate/ }).click();
      await row.getByRole("button", { name: /^Activate/ }).waitFor();

      const after = await me(server.url, user.token);
      expect([401, 403]).toContain(after.status);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);

  test("an admin blocks a guest's trial session: the Block button goes away and the trial is blocked", async () => {
    const tab = await openTab(browser, server, { account: admin });
    const { page } = tab;
    try {
      await page.goto("/admin");
      await page.getByRole("tab", { name: "Anonymous Sessions" }).click();
      const row = rowOf(page, GUEST_FINGERPRINT.slice(0, 16));
      const blockButton = row.getByRole("button", { name: /^Block/ });
      await blockButton.click();
      await blockButton.waitFor({ state: "detached" });
      await row.getByText("Blocked", { exact: true }).waitFor();

      const status = await request(server.url, "GET", "/api/free-trial-status", {
        fingerprint: GUEST_FINGERPRINT,
      });
      expect(status.status).toBe(200);
      expect(JSON.stringify(status.body)).toContain('"blocked":true');
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);
});
