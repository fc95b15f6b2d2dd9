import { escapeHtml as esc } from "../escape-html";

/**
 * The page our server returns at /api/payment/jazzcash/redirect/:orderId: a form that POSTs the
 * signed fields to the hosted page ("HTTP POST (Page Redirection)"), submitted by script at once
 * and by a visible button where scripts do not run. The fields include pp_Password, as the
 * documented form does, so the server must send this with `Cache-Control: no-store`.
 */
export function redirectPage(actionUrl: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Redirecting to JazzCash</title>
</head>
<body>
<form id="jazzcash" method="post" action="${esc(actionUrl)}">
${inputs}
<p>Taking you to JazzCash to pay.</p>
<button type="submit">Continue to JazzCash</button>
</form>
<script>document.getElementById("jazzcash").submit();</script>
</body>
</html>
`;
}
