import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { freshEmail, me, RELAXED_LOGIN_LIMITS, register } from "../support/accounts";
import type { RunningServer } from "../support/server-process";
import { eventually, openTab, pathOf, startServerAndBrowser, stored, waitForPath } from "./support";

/**
 * Accounts in the browser: the route guards, registration with each of its errors, login
 * and logout, and what the header shows to guests and users.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser(RELAXED_LOGIN_LIMITS));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

function registerForm(page: Page) {
  return {
    name: page.getByLabel("Full Name"),
    email: page.getByLabel("Email"),
    password: page.getByLabel("Password", { exact: true }),
    confirm: page.getByLabel("Confirm Password"),
    submit: page.getByRole("button", { name: "Create Account" }),
  };
}

async function fillRegister(
  page: Page,
  fields: { name: string; email: string; password: string; confirm: string },
) {
  const form = registerForm(page);
  await form.name.fill(fields.name);
  await form.email.fill(fields.email);
  await form.password.fill(fields.password);
  await form.confirm.fill(fields.confirm);
  await form.submit.click();
}

describe("route guards", () => {
  test("a guest opening /dashboard or /payment lands on /login", async () => {
    const tab = await openTab(browser, server);
    const { page } = tab;
    try {
      await page.goto("/dashboard");
      await waitForPath(page, "/login");
      await page.getByRole("button", { name: "Login" }).waitFor();
      await page.goto("/payment");
      await waitForPath(page, "/login");
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);

  test("a signed-in user who is not an admin opening /admin lands on /dashboard", async () => {
    const account = await register(server.url, { name: "Nora Nonadmin" });
    const tab = await openTab(browser, server, { account });
    const { page } = tab;
    try {
      await page.goto("/admin");
      await waitForPath(page, "/dashboard");
      await page.getByText("Welcome, Nora Nonadmin").waitFor();
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);

  test("an unknown path lands on /", async () => {
    const tab = await openTab(browser, server);
    const { page } = tab;
    try {
      await page.goto("/no/such/page");
      await waitForPath(page, "/");
      await page.getByLabel("Choose a video").waitFor({ state: "attached" });
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);

  test("a stored token the server no longer knows is cleared: the visitor is a guest again", async () => {
    const account = await register(server.url, { name: "Stale Token" });
    await fetch(`${server.url}/api/auth/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${account.token}` },
    });
    const tab = await openTab(browser, server, { account });
    const { page } = tab;
    try {
      await page.goto("/dashboard");
      await waitForPath(page, "/login");
      await page.getByRole("link", { name: "Sign Up" }).waitFor();
      expect(await stored(page, "token")).toBeNull();
      expect(await stored(page, "user")).toBeNull();
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);
});

describe("registration", () => {
  test("register shows each error (mismatch, short password, email taken), then succeeds and lands on /dashboard with the name", async () => {
    const taken = await register(server.url, { name: "First Owner" });
    const tab = await openTab(browser, server);
    const { page } = tab;
    try {
      await page.goto("/register");
      const form = registerForm(page);

      await fillRegister(page, {
        name: "Rita Register",
        email: freshEmail("rita"),
        password: "secret-one",
        confirm: "secret-two",
      });
      await page.getByText("Passwords do not match").waitFor();
      expect(pathOf(page)).toBe("/register");

      await fillRegister(page, {
        name: "Rita Register",
        email: freshEmail("rita"),
        password: "abc",
        confirm: "abc",
      });
      await page.getByText("Password must be at least 6 characters").waitFor();
      expect(await page.getByText("Passwords do not match").count()).toBe(0);
      expect(pathOf(page)).toBe("/register");

      await fillRegister(page, {
        name: "Rita Register",
        email: taken.email,
        password: "long-enough",
        confirm: "long-enough",
      });
      await page.getByText("Email already registered").waitFor();
      expect(pathOf(page)).toBe("/register");
      expect(await stored(page, "token")).toBeNull();

      const email = freshEmail("rita");
      await form.email.fill(email);
      await form.submit.click();
      await waitForPath(page, "/dashboard");
      await page.getByText("Welcome, Rita Register").waitFor();
      await page.getByText(email).first().waitFor();

      // Token and user are stored, and the token is a live session.
      const token = await stored(page, "token");
      const user = JSON.parse((await stored(page, "user")) ?? "null");
      expect(user).toMatchObject({ name: "Rita Register", email });
      const who = await me(server.url, token ?? "");
      expect(who.status).toBe(200);
      expect(who.body.user.email).toBe(email);

      // Header for a user; Logout makes them a guest and forgets the token.
      await page.getByTestId("credits").waitFor();
      await page.getByRole("button", { name: "Logout" }).click();
      await page.getByRole("link", { name: "Sign Up" }).waitFor();
      await eventually(
        "the stored token",
        () => stored(page, "token"),
        (t) => t === null,
      );
      expect(await stored(page, "user")).toBeNull();
      await eventually(
        "GET /api/auth/me with the logged-out token",
        async () => (await me(server.url, token ?? "")).status,
        (status) => status === 401,
      );

      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 90_000);

  test("Process New Video on the dashboard opens the editor", async () => {
    const account = await register(server.url, { name: "Dana Dashboard" });
    const tab = await openTab(browser, server, { account });
    const { page } = tab;
    try {
      await page.goto("/dashboard");
      await page.getByText("Welcome, Dana Dashboard").waitFor();
      await page
        .getByRole("link", { name: "Process New Video" })
        .or(page.getByRole("button", { name: "Process New Video" }))
        .click();
      await waitForPath(page, "/");
      await page.getByLabel("Choose a video").waitFor({ state: "attached" });
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);
});

describe("login", () => {
  test("a wrong password shows the server's error; the right one lands on /dashboard", async () => {
    const account = await register(server.url, { name: "Liam Login" });
    const tab = await openTab(browser, server);
    const { page } = tab;
    try {
      await page.goto("/login");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Login" }).click();
      await page.getByText("Invalid email or password").waitFor();
      expect(pathOf(page)).toBe("/login");

      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Login" }).click();
      await waitForPath(page, "/dashboard");
      await page.getByText("Welcome, Liam Login").waitFor();
      expect(await stored(page, "token")).not.toBeNull();
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);
});
