import dns from "node:dns";
import net from "node:net";

import ipaddr from "ipaddr.js";

/**
 * The scraper fetches addresses an admin typed in. Without this guard a scrape source could
 * point at the cloud metadata service, the database or anything else on the private network.
 * Addresses are classified by ipaddr.js (its IANA special-purpose registries), and only public
 * unicast passes: for IPv6 that is the global unicast block 2000::/3 outside every special
 * range, so the deprecated IPv4-compatible form (::7f00:1) and other unassigned space fail too.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
/** Well-known NAT64 (RFC 6052) and 6to4 carry an IPv4 address that decides for them. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");

function isPublicIpv4(address: ipaddr.IPv4): boolean {
  return address.range() === "unicast";
}

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  if (range === "ipv4Mapped") return address.toIPv4Address();
  const parts = address.parts;
  if (address.match(NAT64_WELL_KNOWN)) {
    return new ipaddr.IPv4([parts[6] >> 8, parts[6] & 255, parts[7] >> 8, parts[7] & 255]);
  }
  if (range === "6to4") {
    return new ipaddr.IPv4([parts[1] >> 8, parts[1] & 255, parts[2] >> 8, parts[2] & 255]);
  }
  return null;
}

/** True for every address that is not public unicast, and for anything that is not an IP address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (net.isIP(bare) === 0) return true;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv4") return !isPublicIpv4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const inner = embeddedIpv4(v6);
  if (inner) return !isPublicIpv4(inner);
  return v6.range() !== "unicast" || !v6.match(GLOBAL_UNICAST_V6);
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

/**
 * Throws BlockedAddressError when the URL's host is (or resolves to) a disallowed address.
 * Returns the checked address a client should connect to (so a second lookup cannot swap
 * it), or null when the origin is trusted and nothing was checked.
 */
export async function assertAllowedUrl(url: URL, policy: AddressPolicy): Promise<string | null> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`Refused to fetch ${url.protocol} URLs`);
  }
  if (isTrustedOrigin(url, policy)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) {
    if (isPrivateAddress(host)) throw new BlockedAddressError(host);
    return host;
  }
  const addresses = await dns.promises.lookup(host, { all: true });
  if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new BlockedAddressError(host);
  }
  return addresses[0].address;
}
