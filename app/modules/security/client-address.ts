import { isIPv6 } from "node:net";

/**
 * The client address a limit counts against. IPv6 clients usually hold a whole /64 (and can pick any address in
 * it), so they count as their /64; IPv4-mapped IPv6 addresses count as the IPv4 address.
 */
export function limitAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The client address the HTTP server (http-server.server.ts) put on the request (socket, or the trusted proxy's X-Forwarded-For). */
export function clientIp(request: Request): string {
  return limitAddress(request.headers.get("x-nuru-client-ip") ?? "unknown");
}
