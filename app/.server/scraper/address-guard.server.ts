import dns from "node:dns";
import net from "node:net";

/**
 * The scraper fetches addresses an admin typed in. Without this guard a scrape source could
 * point at the cloud metadata service, the database or anything else on the private network.
 */
const blocked = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(address, prefix, "ipv6");
}

/** IPv4 addresses hidden inside IPv6 ones: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::) and 6to4 (2002::). */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) return hexPairToIpv4(hex[1], hex[2]);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  if (sixToFour) return hexPairToIpv4(sixToFour[1], sixToFour[2]);
  return null;
}

function hexPairToIpv4(high: string, low: string): string {
  const a = parseInt(high, 16);
  const b = parseInt(low, 16);
  return [a >> 8, a & 255, b >> 8, b & 255].join(".");
}

/** True for loopback, private, link-local, unique-local, CGNAT, multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = net.isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family !== 6) return true;
  const inner = embeddedIpv4(bare);
  if (inner !== null) return blocked.check(inner, "ipv4");
  return blocked.check(bare, "ipv6");
}

export class BlockedAddressError extends Error {
  constructor(host: string) {
    super(`Refused to fetch ${host}: it resolves to a private or local network address`);
  }
}

export interface AddressPolicy {
  allowPrivateHosts: boolean;
  /** Origins always allowed, such as the app's own (its demo retailer). */
  trustedOrigins: string[];
}

export function isTrustedOrigin(url: URL, policy: AddressPolicy): boolean {
  return policy.allowPrivateHosts || policy.trustedOrigins.includes(url.origin);
}

type LookupAddress = { address: string; family: number };

/**
 * A `lookup` for http.request that refuses private addresses at connect time, so a host that
 * re-resolves to a private address after an earlier check (DNS rebinding) is still refused.
 */
export function guardedLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (
    error: NodeJS.ErrnoException | null,
    address: string | LookupAddress[],
    family?: number,
  ) => void,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((entry) => isPrivateAddress(entry.address))) {
      return callback(new BlockedAddressError(hostname), "");
    }
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

/** Throws BlockedAddressError when the URL's host is (or resolves to) a disallowed address. */
export async function assertAllowedUrl(url: URL, policy: AddressPolicy): Promise<void> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`Refused to fetch ${url.protocol} URLs`);
  }
  if (isTrustedOrigin(url, policy)) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) {
    if (isPrivateAddress(host)) throw new BlockedAddressError(host);
    return;
  }
  const addresses = await dns.promises.lookup(host, { all: true });
  if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new BlockedAddressError(host);
  }
}
