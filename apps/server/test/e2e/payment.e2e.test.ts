import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { me, register } from "../support/accounts";
import type { RunningServer } from "../support/server-process";
import { openTab, startServerAndBrowser, waitForPath } from "./support";

/**
 * Buying credits in the browser: /payment, the sandbox gateway's hosted checkout page (served
 * by the server), and the pages the gateway sends the payer back to.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

const CHECKOUT = /\/api\/payment\/sandbox\/checkout\/[0-9a-f-]{36}$/;

/** On /payment: the card marked "Best Value" and its buy button. */
function bestValueCard(page: Page) {
  return page.getByRole("listitem").filter({ hasText: "Best Value" });
}

async function buyPro(page: Page) {
  await page.goto("/payment");
  const card = bestValueCard(page);
  await card.waitFor();
  await card.getByRole("button", { name: /buy/i }).click();
  await page.waitForURL(CHECKOUT);
}

describe("sandbox purchase", () => {
  test("a user buys the Pro package: the checkout page takes a card payment, /payment-success shows 50 credits added, the account has 50 more", async () => {
    const account = await register(server.url, { name: "Paula Payer" });
    const before = (await me(server.url, account.token)).body.user.credits as number;
    const tab = await openTab(browser, server, { account });
    const { page } = tab;
    try {
      await page.goto("/payment");
      // Three packages; Pro is the one marked Best Value.
      const card = bestValueCard(page);
      await card.waitFor();
      expect(await card.count()).toBe(1);
      expect(await card.getByRole("heading").first().textContent()).toContain("Pro");
      expect(await card.textContent()).toContain("1,500");
      expect(await page.getByRole("button", { name: /buy/i }).count()).toBe(3);

      await card.getByRole("button", { name: /buy/i }).click();
      await page.waitForURL(CHECKOUT);

      // The gateway's page: three ways to pay, then Pay or Decline.
      const radios = page.getByRole("radio");
      expect(await radios.count()).toBe(3);
      expect(
        await radios.evaluateAll((inputs: { value: string }[]) => inputs.map((i) => i.value)),
      ).toEqual(["wallet", "card", "bank_transfer"]);
      await page.getByLabel("Debit or credit card").check();
      await page.getByRole("button", { name: "Pay PKR 1,500" }).click();

      await waitForPath(page, "/payment-success");
      const query = new URL(page.url()).searchParams;
      expect(query.get("order_id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(query.get("transaction_id")).toBeTruthy();
      await page
        .getByText(/50 credits/)
        .first()
        .waitFor();
      await page.getByText(/added/).first().waitFor();

      const after = await me(server.url, account.token);
      expect(after.body.user.credits).toBe(before + 50);
      // The header keeps showing unlimited credits.
      expect(await page.getByTestId("credits").textContent()).toContain("∞");

      // Opening the same return link again adds nothing more.
      await page.reload();
      await page.getByText(/Payment Successful/).waitFor();
      expect((await me(server.url, account.token)).body.user.credits).toBe(before + 50);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 90_000);

  test("declining on the checkout page lands on /payment-failed, says nothing was charged, and leaves the credits alone", async () => {
    const account = await register(server.url, { name: "Dora Decliner" });
    const before = (await me(server.url, account.token)).body.user.credits as number;
    const tab = await openTab(browser, server, { account });
    const { page } = tab;
    try {
      await buyPro(page);
      await page.getByRole("button", { name: "Decline" }).click();
      await waitForPath(page, "/payment-failed");
      await page
        .getByText(/no charges/i)
        .first()
        .waitFor();
      expect((await me(server.url, account.token)).body.user.credits).toBe(before);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 90_000);

  test("/payment-success without an order id says Invalid payment confirmation", async () => {
    const account = await register(server.url, { name: "Ivan Invalid" });
    const tab = await openTab(browser, server, { account });
    const { page } = tab;
    try {
      await page.goto("/payment-success");
      await page.getByText("Invalid payment confirmation").waitFor();
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);
});
