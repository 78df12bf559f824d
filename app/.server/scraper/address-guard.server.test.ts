import { describe, expect, it } from "vitest";

import { assertAllowedUrl, BlockedAddressError, isPrivateAddress } from "./address-guard.server";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fd12:3456::1",
    "fc00::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "2002:c0a8:0101::1",
    "[::1]",
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "172.32.0.1", "93.184.216.34", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "allows %s",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe("assertAllowedUrl", () => {
  const strict = { allowPrivateHosts: false, trustedOrigins: ["http://localhost:3000"] };

  it.each([
    "http://127.0.0.1:8080/",
    "http://10.0.0.5/",
    "http://192.168.0.10/shop",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://localhost:9999/",
  ])("refuses %s", async (url) => {
    await expect(assertAllowedUrl(new URL(url), strict)).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
  });

  it("refuses schemes other than http and https", async () => {
    await expect(assertAllowedUrl(new URL("file:///etc/passwd"), strict)).rejects.toThrow(/file:/);
  });

  it("allows the app's own origin (the demo retailer) and any host when private hosts are allowed", async () => {
    await expect(
      assertAllowedUrl(new URL("http://localhost:3000/demo-retailer/shop"), strict),
    ).resolves.toBeUndefined();
    await expect(
      assertAllowedUrl(new URL("http://10.0.0.5/"), { ...strict, allowPrivateHosts: true }),
    ).resolves.toBeUndefined();
  });
});
