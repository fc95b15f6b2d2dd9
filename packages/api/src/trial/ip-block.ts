import { isIPv4, isIPv6 } from "node:net";

/**
 * The network block an address belongs to, the unit the free trial is counted by: a /24 for
 * IPv4 (and IPv4-mapped IPv6), a /64 for IPv6. Anything else is its own block.
 */
export function ipBlock(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped) return ipBlock(mapped);
  if (isIPv4(address)) return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIPv6(address)) return `${expandIpv6(address).slice(0, 4).join(":")}::/64`;
  return address;
}

function expandIpv6(address: string): string[] {
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const missing = address.includes("::") ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) =>
    group.replace(/^0+(?=.)/, ""),
  );
}
