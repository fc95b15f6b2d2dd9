import { describe, expect, test } from "bun:test";
import { LoginThrottle } from "../src/auth/login-throttle";

const limits = { maxPerEmail: 3, maxPerIp: 5, windowMs: 60_000 };

describe("LoginThrottle", () => {
  test("failures per email stop that email, not others, until the window passes", () => {
    const throttle = new LoginThrottle(limits);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter("1.1.1.1", "a@x.com", 1000 + i)).toBe(0);
      throttle.recordFailure("a@x.com", 1000 + i);
    }
    expect(throttle.retryAfter("2.2.2.2", "a@x.com", 2000)).toBe(59);
    expect(throttle.retryAfter("1.1.1.1", "b@x.com", 2000)).toBe(0);
    expect(throttle.retryAfter("1.1.1.1", "a@x.com", 61_001)).toBe(0);
  });

  test("a success clears the email's failures", () => {
    const throttle = new LoginThrottle(limits);
    throttle.recordFailure("a@x.com", 0);
    throttle.recordFailure("a@x.com", 0);
    throttle.recordSuccess("a@x.com");
    throttle.recordFailure("a@x.com", 0);
    expect(throttle.retryAfter("1.1.1.1", "a@x.com", 1)).toBe(0);
  });

  test("attempts per IP are capped whatever the email", () => {
    const throttle = new LoginThrottle(limits);
    for (let i = 0; i < 5; i++) throttle.recordAttempt("1.1.1.1", i * 1000);
    expect(throttle.retryAfter("1.1.1.1", "new@x.com", 5000)).toBe(55);
    expect(throttle.retryAfter("9.9.9.9", "new@x.com", 5000)).toBe(0);
  });
});
