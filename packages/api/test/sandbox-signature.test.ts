import { expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { signReturn, verifyReturn } from "../src/payments/sandbox/signature";

const SECRET = "a-sandbox-secret-of-some-length";

test("the sandbox signs its return fields with HMAC-SHA256 over the sorted key=value pairs", () => {
  const fields = { transaction_id: "sbx_1", order_id: "o-1" };
  const expected = createHmac("sha256", SECRET)
    .update("order_id=o-1&transaction_id=sbx_1")
    .digest("hex");
  expect(signReturn(SECRET, fields)).toBe(expected);
  expect(verifyReturn(SECRET, fields, expected)).toBe(true);
});

test("a changed field, another secret or a malformed signature fails verification", () => {
  const fields = { order_id: "o-1", transaction_id: "sbx_1" };
  const signature = signReturn(SECRET, fields);
  expect(verifyReturn(SECRET, { ...fields, transaction_id: "sbx_2" }, signature)).toBe(false);
  expect(verifyReturn("another-secret-entirely!", fields, signature)).toBe(false);
  expect(verifyReturn(SECRET, fields, "zz")).toBe(false);
  expect(verifyReturn(SECRET, fields, "")).toBe(false);
});
