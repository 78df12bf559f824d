import { describe, expect, it } from "vitest";

import {
  isShareableAnswer,
  isSharedRequest,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  publicPageHeaders,
} from "./cache-headers.server";

describe("what may be shared", () => {
  it("shares only what a request without cookies is answered", () => {
    expect(isSharedRequest(undefined)).toBe(true);
    expect(isSharedRequest("  ")).toBe(true);
    expect(isSharedRequest("display_currency=EUR")).toBe(false);
  });

  it("marks a public page public for a visitor without cookies, private for anyone else", () => {
    const anonymous = publicPageHeaders(new Request("http://site.test/"));
    expect(anonymous.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(anonymous.get("vary")).toBe("Cookie, Accept-Language");
    const signedIn = publicPageHeaders(
      new Request("http://site.test/", { headers: { cookie: "session=1" } }),
    );
    expect(signedIn.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("keeps a complete answer its route marked public that sets no cookie", () => {
    const publicHeaders = new Headers({ "cache-control": PUBLIC_CACHE_CONTROL });
    expect(isShareableAnswer(200, publicHeaders)).toBe(true);
    expect(isShareableAnswer(404, publicHeaders)).toBe(false);
    expect(isShareableAnswer(200, new Headers())).toBe(false);
    expect(isShareableAnswer(200, new Headers({ "cache-control": PRIVATE_CACHE_CONTROL }))).toBe(
      false,
    );
    expect(isShareableAnswer(200, new Headers({ "cache-control": "public, no-store" }))).toBe(
      false,
    );
    const withCookie = new Headers({ "cache-control": PUBLIC_CACHE_CONTROL, "set-cookie": "a=1" });
    expect(isShareableAnswer(200, withCookie)).toBe(false);
  });
});
