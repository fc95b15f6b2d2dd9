import { expect, test } from "bun:test";
import { generateSessionToken, sessionIdOf } from "../src/auth/session-token";

test("session tokens carry 200 random bits and are stored only as their SHA-256", () => {
  const tokens = new Set(Array.from({ length: 500 }, generateSessionToken));
  expect(tokens.size).toBe(500);
  for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{40}$/);
  const [token = ""] = tokens;
  const expected = new Bun.CryptoHasher("sha256").update(token).digest("hex");
  expect(sessionIdOf(token)).toBe(expected);
  expect(sessionIdOf(token)).not.toContain(token);
});
