import type { Order } from "@wr/db";
import { escapeHtml } from "../escape-html";

/** The sandbox gateway's hosted checkout: choose how to pay, then approve or decline. */
export function checkoutPage(order: Order): string {
  const amount = `PKR ${order.amount.toLocaleString("en-PK")}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Pay · ${escapeHtml(amount)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#eef1f6;margin:0;color:#1b2430}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:14px;box-shadow:0 6px 24px #0002;overflow:hidden}
header{background:#12355b;color:#fff;padding:18px 22px}header small{opacity:.75}
section{padding:22px}.amount{font-size:28px;font-weight:700;margin:4px 0 18px}
label.method{display:flex;gap:10px;align-items:center;border:1px solid #d5dbe5;border-radius:10px;padding:12px;margin:8px 0;cursor:pointer}
.actions{display:flex;gap:10px;margin-top:18px}button{flex:1;padding:12px;border-radius:10px;border:0;font-size:15px;cursor:pointer}
.approve{background:#1b8a4b;color:#fff}.decline{background:#e8ebf0;color:#1b2430}
.note{font-size:12px;color:#5b6777;margin-top:16px}
</style></head>
<body><main>
<header><strong>Sandbox Pay</strong><br><small>Test gateway · no real money moves</small></header>
<section>
<div>${escapeHtml(order.packageName)} · ${order.credits} credits</div>
<div class="amount">${escapeHtml(amount)}</div>
<form method="post">
<label class="method"><input type="radio" name="method" value="wallet" checked> Mobile wallet (JazzCash, Easypaisa)</label>
<label class="method"><input type="radio" name="method" value="card"> Debit or credit card</label>
<label class="method"><input type="radio" name="method" value="bank_transfer"> Bank transfer</label>
<div class="actions">
<button class="approve" type="submit" name="decision" value="approve">Pay ${escapeHtml(amount)}</button>
<button class="decline" type="submit" name="decision" value="decline">Decline</button>
</div>
</form>
<p class="note">Order ${escapeHtml(order.id)}</p>
</section></main></body></html>`;
}
