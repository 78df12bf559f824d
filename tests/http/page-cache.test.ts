import crypto from "node:crypto";
import http from "node:http";
import { gunzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getHeroContent } from "~/.server/data/hero.server";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";
import { anOfferOf, writeScrapedPrice } from "../helpers/offers";

const ADMIN = { email: "cache-admin@example.test", password: "cache-admin-password" };
const USER = { email: "cache-user@example.test", password: "cache-user-password" };

let server: TestServer;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  await createUserWithPassword(server.app, ADMIN.email, ADMIN.password, { admin: true });
  await createUserWithPassword(server.app, USER.email, USER.password);
  adminCookie = await signIn(server, ADMIN.email, ADMIN.password);
  userCookie = await signIn(server, USER.email, USER.password);
});
afterAll(async () => {
  await server?.close();
});

async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await server.fetch(pathname, { headers });
  return { response, cache: response.headers.get("x-page-cache"), html: await readHtml(response) };
}

/** A URL no earlier test has rendered, so each test starts with an empty cache entry. */
let unique = 0;
const fresh = (pathname: string) => `${pathname}${pathname.includes("?") ? "&" : "?"}t=${++unique}`;

describe("rendered-page cache", () => {
  it("renders a public page once, then answers the same bytes from memory", async () => {
    const url = fresh("/");
    const first = await get(url);
    expect(first.response.status).toBe(200);
    expect(first.cache).toBe("miss");
    const second = await get(url);
    expect(second.cache).toBe("hit");
    expect(second.html).toBe(first.html);
    expect(second.response.headers.get("content-type")).toMatch(/text\/html/);
    expect(second.response.headers.get("cache-control")).toMatch(/public/);
    // The security headers of the middleware before the cache are still sent on a hit.
    expect(second.response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("shares no nonce: a cached page allows exactly its own inline scripts by hash", async () => {
    const url = fresh("/");
    const first = await get(url);
    expect(first.response.headers.get("content-security-policy")).toMatch(/'nonce-/);
    const second = await get(url);
    expect(second.cache).toBe("hit");
    const policy = second.response.headers.get("content-security-policy") ?? "";
    expect(policy).not.toMatch(/'nonce-/);
    const inline = [...second.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes, body]) => !/\bsrc=/.test(attributes) && body.length > 0)
      .map(([, , body]) => body);
    expect(inline.length).toBeGreaterThan(0);
    for (const body of inline) {
      const hash = crypto.createHash("sha256").update(body, "utf8").digest("base64");
      expect(policy).toContain(`'sha256-${hash}'`);
    }
  });

  it("keys by the whole URL, query string included", async () => {
    const url = fresh("/catalog");
    await get(url);
    expect((await get(url)).cache).toBe("hit");
    expect((await get(`${url}&page=2`)).cache).toBe("miss");
  });

  it("sends a gzip made once to clients that accept it", async () => {
    const url = fresh("/compare");
    const plain = await get(url);
    const response = await server.fetch(url, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("x-page-cache")).toBe("hit");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await response.text()).toContain("<html");
    // fetch decodes gzip itself; node:http hands over the bytes as sent.
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const request = http.get(
        new URL(url, server.baseUrl),
        { headers: { "accept-encoding": "gzip" } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        },
      );
      request.on("error", reject);
    });
    expect(gunzipSync(raw).toString("utf8").replaceAll("<!-- -->", "")).toBe(plain.html);
  });

  it("never answers a signed-in visitor from the cache, nor keeps their page", async () => {
    const url = fresh("/");
    const signedIn = await get(url, { cookie: userCookie });
    expect(signedIn.cache).toBeNull();
    expect(signedIn.html).toContain("Hello, cache-user");
    const anonymous = await get(url);
    expect(anonymous.cache).toBe("miss");
    expect(anonymous.html).not.toContain("Hello, cache-user");
    expect((await get(url)).cache).toBe("hit");
    const signedInAgain = await get(url, { cookie: userCookie });
    expect(signedInAgain.cache).toBeNull();
    expect(signedInAgain.html).toContain("Hello, cache-user");
  });

  it("renders afresh for a visitor with any cookie, and keeps nothing of it", async () => {
    const url = fresh("/");
    const withCookie = await get(url, { cookie: "theme=dark" });
    expect(withCookie.cache).toBeNull();
    expect(withCookie.response.headers.get("cache-control")).toMatch(/private/);
    expect((await get(url)).cache).toBe("miss");
    expect((await get(url)).cache).toBe("hit");
    // A cookie that changes the page (the display currency) never gets the shared one.
    expect((await get(url, { cookie: "display_currency=EUR" })).cache).toBeNull();
  });

  it("renders afresh for a pending flash message and keeps nothing", async () => {
    const url = fresh("/");
    await get(url);
    const flash = encodeURIComponent(
      JSON.stringify({ id: "f1", kind: "success", message: "Flash for this visitor only" }),
    );
    const withFlash = await get(url, { cookie: `pp_flash=${flash}` });
    expect(withFlash.cache).toBeNull();
    expect(withFlash.html).toContain("Flash for this visitor only");
    expect(withFlash.response.headers.get("set-cookie")).toMatch(/pp_flash=;/);
    const after = await get(url);
    expect(after.cache).toBe("hit");
    expect(after.html).not.toContain("Flash for this visitor only");
  });

  it("keeps neither error pages nor non-GET requests", async () => {
    const missing = fresh("/peptide/no-such-peptide");
    expect((await get(missing)).response.status).toBe(404);
    expect((await get(missing)).cache).toBe("miss");
    const url = fresh("/");
    const head = await server.fetch(url, { method: "HEAD" });
    expect(head.headers.get("x-page-cache")).toBeNull();
    expect((await get(url)).cache).toBe("miss");
  });

  it("is emptied by an admin edit: the next anonymous visitor sees it", async () => {
    const url = fresh("/");
    await get(url);
    expect((await get(url)).cache).toBe("hit");
    const saved = await server.postForm(
      "/admin/hero",
      {
        intent: "save",
        version: (await getHeroContent(server.app.db)).version,
        title: "Hero Changed By An Admin",
        subtitle: "s",
        description: "d",
        primaryButtonText: "p",
        secondaryButtonText: "q",
      },
      { cookie: adminCookie },
    );
    expect(saved.status).toBe(200);
    const after = await get(url);
    expect(after.cache).toBe("miss");
    expect(after.html).toContain("Hero Changed By An Admin");
  });

  it("is emptied by a price write from any path (scraper, review queue, admin)", async () => {
    const offer = await anOfferOf(server.app.db, "bpc-157");
    const url = fresh("/peptide/bpc-157");
    expect((await get(url)).html).not.toContain("$1.23");
    expect((await get(url)).cache).toBe("hit");
    await writeScrapedPrice(server.app.db, offer, 1.23);
    // No call to the cache: the database's NOTIFY empties it before the write resolves.
    const after = await get(url);
    expect(after.cache).toBe("miss");
    expect(after.html).toContain("$1.23");
  });
});

describe("fresh to the visitor", () => {
  const saveHero = async (title: string) =>
    server.postForm(
      "/admin/hero",
      {
        intent: "save",
        version: (await getHeroContent(server.app.db)).version,
        title,
        subtitle: "s",
        description: "d",
        primaryButtonText: "p",
        secondaryButtonText: "q",
      },
      { cookie: adminCookie },
    );

  it("tags public pages for revalidation on every visit and answers a matching one with 304", async () => {
    const url = fresh("/");
    const first = await get(url);
    expect(first.response.headers.get("cache-control")).toBe("public, no-cache");
    const entityTag = first.response.headers.get("etag");
    expect(entityTag).toMatch(/^W\/".+"$/);

    const revalidated = await server.fetch(url, { headers: { "if-none-match": entityTag! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(entityTag);
    expect(revalidated.headers.get("cache-control")).toBe("public, no-cache");

    // Another tag is another copy: the page itself, with the tag to keep.
    const other = await get(url, { "if-none-match": 'W/"another"' });
    expect(other.response.status).toBe(200);
    expect(other.response.headers.get("etag")).toBe(entityTag);
  });

  it("shows an admin save on the next reload: the old tag gets the new page", async () => {
    const url = fresh("/");
    const before = await get(url);
    const entityTag = before.response.headers.get("etag")!;
    expect((await server.fetch(url, { headers: { "if-none-match": entityTag } })).status).toBe(304);

    expect((await saveHero("Hero Seen On The Next Reload")).status).toBe(200);

    const after = await get(url, { "if-none-match": entityTag });
    expect(after.response.status).toBe(200);
    expect(after.html).toContain("Hero Seen On The Next Reload");
    expect(after.response.headers.get("etag")).not.toBe(entityTag);
  });

  it("never answers 304 to a visitor with a cookie", async () => {
    const url = fresh("/");
    const entityTag = (await get(url)).response.headers.get("etag")!;
    const signedIn = await get(url, { "if-none-match": entityTag, cookie: userCookie });
    expect(signedIn.response.status).toBe(200);
    expect(signedIn.response.headers.get("etag")).toBeNull();
  });

  it("keeps fingerprinted assets immutable for a year", async () => {
    const { html } = await get(fresh("/"));
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await server.fetch(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await response.body?.cancel();
  });
});
