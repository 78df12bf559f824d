import { describe, expect, it } from "vitest";

import { assertAllowedUrl, BlockedAddressError, isPrivateAddress } from "./address-guard.server";

describe("isPrivateAddress", () => {
  it.each([
    ["127.0.0.1", "IPv4 loopback"],
    ["127.255.255.254", "the rest of 127/8"],
    ["10.1.2.3", "RFC 1918 10/8"],
    ["172.16.0.1", "RFC 1918 172.16/12, low end"],
    ["172.31.255.255", "RFC 1918 172.16/12, high end"],
    ["192.168.1.1", "RFC 1918 192.168/16"],
    ["169.254.169.254", "link-local, the cloud metadata service"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this network 0/8"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast SSDP"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved 240/4"],
    ["192.0.0.9", "IETF protocol assignments 192.0.0/24"],
    ["192.0.2.10", "documentation TEST-NET-1"],
    ["198.51.100.7", "documentation TEST-NET-2"],
    ["203.0.113.200", "documentation TEST-NET-3"],
    ["198.18.0.1", "benchmarking 198.18/15"],
    ["192.88.99.1", "deprecated 6to4 relay anycast"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with a zone"],
    ["fd12:3456::1", "unique local fd00::/8"],
    ["fc00::1", "unique local fc00::/8"],
    ["fec0::1", "deprecated site-local fec0::/10"],
    ["ff02::1", "IPv6 multicast"],
    ["100::1", "discard-only 100::/64"],
    ["::7f00:1", "IPv4-compatible loopback"],
    ["::a9fe:a9fe", "IPv4-compatible metadata address"],
    ["::0808:0808", "IPv4-compatible form of a public address (deprecated space)"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback, dotted"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:0:7f00:1", "IPv4-translated (RFC 6145) loopback"],
    ["64:ff9b::a00:1", "NAT64 embedding 10.0.0.1"],
    ["64:ff9b::127.0.0.1", "NAT64 embedding loopback, dotted"],
    ["64:ff9b:1::a9fe:a9fe", "local-use NAT64 64:ff9b:1::/48"],
    ["2002:c0a8:0101::1", "6to4 embedding 192.168.1.1"],
    ["2001:db8::1", "IPv6 documentation"],
    ["3fff::1", "IPv6 documentation 3fff::/20"],
    ["2001:2::1", "IPv6 benchmarking"],
    ["2001::1", "Teredo"],
    ["2001:10::1", "deprecated ORCHID"],
    ["5f00::1", "segment routing"],
    ["1::1", "unassigned space outside 2000::/3"],
    ["[::1]", "a bracketed literal"],
    ["not-an-ip", "anything that is not an address"],
    ["", "an empty string"],
  ])("refuses %s (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "93.184.216.34",
    "2606:4700::1111",
    "2a00:1450:4001:82a::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:0808:0808::1",
  ])("allows the public unicast address %s", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe("assertAllowedUrl", () => {
  const strict = { allowPrivateHosts: false, trustedOrigins: ["http://localhost:3000"] };

  it.each([
    "http://127.0.0.1:8080/",
    "http://10.0.0.5/",
    "http://192.168.0.10/shop",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::7f00:1]/",
    "http://0x7f000001/",
    "http://2130706433/",
    "http://localhost:9999/",
    "http://localhost:3001/",
  ])("refuses %s", async (url) => {
    await expect(assertAllowedUrl(new URL(url), strict)).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
  });

  it("refuses schemes other than http and https", async () => {
    await expect(assertAllowedUrl(new URL("file:///etc/passwd"), strict)).rejects.toThrow(/file:/);
    await expect(assertAllowedUrl(new URL("ws://example.com/"), strict)).rejects.toThrow(/ws:/);
  });

  it("returns the checked address to connect to", async () => {
    await expect(assertAllowedUrl(new URL("http://8.8.8.8/"), strict)).resolves.toBe("8.8.8.8");
  });

  it("allows the app's own origin (host and port) and any host when private hosts are allowed", async () => {
    await expect(
      assertAllowedUrl(new URL("http://localhost:3000/demo-retailer/shop"), strict),
    ).resolves.toBeNull();
    await expect(
      assertAllowedUrl(new URL("http://10.0.0.5/"), { ...strict, allowPrivateHosts: true }),
    ).resolves.toBeNull();
  });
});
