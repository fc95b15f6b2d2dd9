import { describe, expect, test } from "bun:test";
import { ipBlock } from "../src/trial/ip-block";

describe("ipBlock: the unit the free trial is counted by", () => {
  test("IPv4 addresses share their /24", () => {
    expect(ipBlock("203.0.113.7")).toBe("203.0.113.0/24");
    expect(ipBlock("203.0.113.250")).toBe("203.0.113.0/24");
    expect(ipBlock("203.0.114.7")).toBe("203.0.114.0/24");
  });
  test("IPv4-mapped IPv6 counts as IPv4", () => {
    expect(ipBlock("::ffff:203.0.113.7")).toBe("203.0.113.0/24");
  });
  test("IPv6 addresses share their /64, however they are written", () => {
    expect(ipBlock("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(ipBlock("2001:0DB8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(ipBlock("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipBlock("::1")).toBe("0:0:0:0::/64");
  });
  test("anything else is its own block", () => {
    expect(ipBlock("unknown")).toBe("unknown");
  });
});
