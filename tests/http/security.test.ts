import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { adminUsers, categories, peptides, user, verification } from "~/.server/db/schema";
import { prepareDatabase } from "~/.server/jobs/startup.server";

import { cookieHeaderFrom, createUserWithPassword, signIn, signUp } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";
import { firstLink, startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

let server: TestServer;
let adminCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  await createUserWithPassword(server.app, "guard-admin@example.com", "guard-password-1", {
    admin: true,
  });
  adminCookie = await signIn(server, "guard-admin@example.com", "guard-password-1");
});
afterAll(async () => {
  await server?.close();
});

/**
 * A raw request with a chunked body (no Content-Length): what a streaming client sends. Status
 * "reset": the server closed the connection while the body was still being written, before
 * its answer was read (closing a socket with unread data resets it, and on a busy machine the
 * reset can overtake the 413).
 */
function postChunked(
  path: string,
  contentType: string,
  chunks: number,
  chunkSize: number,
): Promise<{ status: number | "reset"; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.baseUrl);
    const request = http.request(url, {
      method: "POST",
      headers: { "content-type": contentType, origin: server.baseUrl },
    });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") {
        resolve({ status: "reset", body: "" });
      } else reject(error);
    });
    const chunk = Buffer.alloc(chunkSize, "a");
    let sent = 0;
    const writeMore = () => {
      while (sent < chunks) {
        sent += 1;
        if (!request.write(chunk)) return request.once("drain", writeMore);
      }
      request.end();
    };
    // The server may answer and close before the whole body is written: that is the point.
    request.on("close", () => (sent = chunks));
    writeMore();
  });
}

describe("body limits, before anything parses the body", () => {
  it("answers a 2 MB anonymous form post to /login with 413 and a clear message", async () => {
    const response = await server.fetch("/login", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.baseUrl,
      },
      body: `email=${"a".repeat(2 * 1024 * 1024)}&password=x`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("too large (at most 1 MB)");
  });

  it("cuts a chunked body without Content-Length once it passes 1 MB", async () => {
    const result = await postChunked("/login", "application/x-www-form-urlencoded", 64, 64 * 1024);
    // Read whole, the 4 MB body would have been answered as a failed sign-in.
    expect([413, "reset"]).toContain(result.status);
  });

  it("applies the JSON limit to better-auth's endpoints too", async () => {
    const response = await server.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl },
      body: JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it("lets an image upload past 1 MB but refuses one past its own limit", async () => {
    const underLimit = await server.postForm(
      "/admin/hero",
      { intent: "upload-image", image: new Blob([new Uint8Array(2 * 1024 * 1024)]) },
      { cookie: adminCookie },
    );
    expect(underLimit.status).toBe(400);
    expect(await underLimit.text()).toContain(
      "Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded",
    );
    const overLimit = await server.postForm(
      "/admin/hero",
      { intent: "upload-image", image: new Blob([new Uint8Array(7 * 1024 * 1024)]) },
      { cookie: adminCookie },
    );
    expect(overLimit.status).toBe(413);
    expect(await overLimit.text()).toContain("at most 6 MB");
  });
});

describe("bad input is a 4xx, never a 500", () => {
  it("refuses a malformed or opaque Origin with 403", async () => {
    for (const origin of ["http://[::1", "not a url", "null", "file:///etc/passwd"]) {
      const response = await server.fetch("/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: "intent=password&email=a%40example.com&password=x",
      });
      expect(response.status, origin).toBe(403);
    }
  });

  it("answers a page POST without a form content type with 415", async () => {
    const untyped = await server.fetch("/login", {
      method: "POST",
      headers: { origin: server.baseUrl },
    });
    expect(untyped.status).toBe(415);
    const json = await server.fetch("/deals", {
      method: "POST",
      headers: { origin: server.baseUrl, "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain("Send the form as a web form");
  });

  it("answers a peptide with an unknown category with 400 and a message, writing nothing", async () => {
    const response = await server.postForm(
      "/admin/peptides",
      {
        intent: "create-peptide",
        name: "Orphan Peptide",
        categoryId: "00000000-0000-4000-8000-000000000000",
      },
      { cookie: adminCookie },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Unknown category");
    const rows = await server.app.db
      .select({ id: peptides.id })
      .from(peptides)
      .where(eq(peptides.name, "Orphan Peptide"));
    expect(rows).toHaveLength(0);
  });

  it("answers a category name too long with 400, not 500", async () => {
    // Random text: PostgreSQL cannot compress it below its index-row limit.
    const name = `Long ${crypto.randomBytes(150_000).toString("hex")}`;
    const response = await server.postForm(
      "/admin/categories",
      { intent: "create-category", name },
      { cookie: adminCookie },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Category name can be at most 200 characters");
    const rows = await server.app.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.name, name));
    expect(rows).toHaveLength(0);
  });

  it("answers a 1 MB category name with 413 before the action runs", async () => {
    const response = await server.fetch("/admin/categories", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.baseUrl,
        cookie: adminCookie,
      },
      body: new URLSearchParams({ intent: "create-category", name: "x".repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });
});

describe("client addresses and sign-in limits", () => {
  function signInAs(email: string, forwardedFor: string, target: TestServer = server) {
    return target.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: target.baseUrl,
        "x-forwarded-for": forwardedFor,
      },
      body: JSON.stringify({ email, password: "wrong-password-1" }),
    });
  }

  it("ignores X-Forwarded-For without TRUST_PROXY: a client cannot pick its own bucket", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      // A different victim each time, so only the per-address limit can bite.
      statuses.push((await signInAs(`xff-${attempt}@example.com`, `10.0.0.${attempt}`)).status);
    }
    // Were the header believed, each attempt would have had a fresh bucket and none a 429.
    expect(statuses).toContain(429);
  });

  it("limits sign-in per account, whatever address the attempts come from", async () => {
    const proxied = await startTestServer({ TRUST_PROXY: "loopback", SEED_DEMO: "false" });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        statuses.push(
          (await signInAs("one-victim@example.com", `198.51.100.${attempt}`, proxied)).status,
        );
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      // Behind a trusted proxy each address has its own bucket: another account still gets in line.
      expect((await signInAs("someone-else@example.com", "198.51.100.11", proxied)).status).toBe(
        401,
      );
    } finally {
      await proxied.close();
    }
  });
});

describe("ADMIN_EMAILS", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("grants only a confirmed address: a sign-up becomes admin when it follows the confirmation link", async () => {
    const email = "boss@example.com";
    const first = await startTestServer({
      SMTP_URL: smtp.url,
      SEED_DEMO: "false",
      ADMIN_EMAILS: email,
    });
    const isAdmin = async () => {
      const rows = await first.app.db
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .innerJoin(user, eq(user.id, adminUsers.userId))
        .where(eq(user.email, email));
      return rows.length > 0;
    };
    try {
      expect((await signUp(first, email, "boss-password-1")).status).toBe(200);
      expect(await isAdmin()).toBe(false);
      // A restart does not grant the unconfirmed account either.
      await prepareDatabase(first.app);
      expect(await isAdmin()).toBe(false);

      const mail = await smtp.waitForMessage((message) => message.to.includes(email));
      expect((await fetch(firstLink(mail), { redirect: "manual" })).status).toBe(302);
      expect(await isAdmin()).toBe(true);
    } finally {
      await first.close();
    }
  });
});

describe("password reset", () => {
  let smtp: TestSmtpServer;
  let resets: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    resets = await startTestServer({ SMTP_URL: smtp.url, SEED_DEMO: "false" });
  });
  afterAll(async () => {
    await resets?.close();
    await smtp?.close();
  });

  async function requestResetLink(email: string): Promise<string> {
    const before = smtp.messages.length;
    const response = await resets.postForm("/forgot-password", { email });
    expect(response.status).toBe(200);
    const mail = await smtp.waitForMessage(
      (message) => message.to.includes(email) && smtp.messages.indexOf(message) >= before,
    );
    const link = await fetch(firstLink(mail), { redirect: "manual" });
    return new URL(link.headers.get("location")!, resets.baseUrl).searchParams.get("token")!;
  }

  it("stores tokens hashed, and a successful reset voids every other outstanding link", async () => {
    const email = "two-links@example.com";
    await createUserWithPassword(resets.app, email, "old-password-1");
    const older = await requestResetLink(email);
    const newer = await requestResetLink(email);
    expect(older).not.toBe(newer);

    const stored = await resets.app.db
      .select({ identifier: verification.identifier })
      .from(verification);
    for (const token of [older, newer]) {
      expect(stored.some((row) => row.identifier.includes(token))).toBe(false);
    }

    const reset = await resets.postForm("/reset-password", {
      token: newer,
      password: "new-password-1",
      confirmPassword: "new-password-1",
    });
    expect(reset.status).toBe(302);
    const replay = await resets.postForm("/reset-password", {
      token: older,
      password: "attacker-password-1",
      confirmPassword: "attacker-password-1",
    });
    expect(replay.status).toBe(400);
    await expect(signIn(resets, email, "new-password-1")).resolves.toContain("session_token");
  });
});

describe("the reset mail is sent in the background", () => {
  it("answers forgot-password while the mail server has not even greeted", async () => {
    // A mail server that accepts the connection and never says a word: sending would hang.
    const openSockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => openSockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const stalled = await startTestServer({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SEED_DEMO: "false",
    });
    try {
      await createUserWithPassword(stalled.app, "patient@example.com", "patient-password-1");
      const response = await stalled.postForm("/forgot-password", {
        email: "patient@example.com",
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("If an account exists for that e-mail");
    } finally {
      // Closing the connections fails the pending send at once, so shutdown is quick.
      silent.close();
      for (const socket of openSockets) socket.destroy();
      await stalled.close();
    }
  });
});

describe("Content-Security-Policy and other headers", () => {
  it("gives every page a fresh nonce that every inline script carries", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/login", "/catalog"]) {
      const response = await server.fetch(path);
      const policy = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      nonces.add(nonce!);
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) {
        if (tag.includes('type="application/ld+json"')) continue;
        expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
      }
    }
    expect(nonces.size).toBe(3);
  });

  it("holds a public page's modules back until its first paint; the back office loads them at once", async () => {
    const publicPage = await (await server.fetch("/catalog")).text();
    expect(publicPage).not.toContain('<link rel="modulepreload"');
    expect(publicPage).not.toContain('type="module"');
    expect(publicPage).toMatch(/<script nonce="[^"]+" type="text\/plain" id="hydration-module">/);
    expect(publicPage).toContain("startHydrationAfterPaint");

    const backOffice = await (
      await server.fetch("/admin/peptides", { headers: { cookie: adminCookie } })
    ).text();
    expect(backOffice).toContain('<link rel="modulepreload"');
    expect(backOffice).toMatch(/<script nonce="[^"]+" type="module" async="">/);
    expect(backOffice).not.toContain("hydration-module");
  });

  it("forbids framing and sends HSTS only under https", async () => {
    const plain = await server.fetch("/");
    expect(plain.headers.get("x-frame-options")).toBe("DENY");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const proxied = await startTestServer({ TRUST_PROXY: "loopback", SEED_DEMO: "false" });
    try {
      const secure = await proxied.fetch("/", { headers: { "x-forwarded-proto": "https" } });
      expect(secure.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });

  it("never hands the session token to scripts", async () => {
    // Its own server: the sign-in limit of this file's loopback address is used up above.
    const fresh = await startTestServer({ SEED_DEMO: "false" });
    try {
      await createUserWithPassword(fresh.app, "token-owner@example.com", "token-password-1");
      const signInResponse = await fresh.fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: fresh.baseUrl },
        body: JSON.stringify({ email: "token-owner@example.com", password: "token-password-1" }),
      });
      expect(signInResponse.status).toBe(200);
      const signedIn = await signInResponse.text();
      const cookie = cookieHeaderFrom(signInResponse);
      const token = /session_token=([^.;]+)/.exec(cookie)?.[1];
      expect(token).toBeTruthy();
      expect(signedIn).not.toContain(token!);
      expect(signedIn).not.toContain('"token"');

      const session = await fresh.fetch("/api/auth/get-session", { headers: { cookie } });
      expect(session.status).toBe(200);
      const body = await session.text();
      expect(JSON.parse(body).user.email).toBe("token-owner@example.com");
      expect(body).not.toContain(token!);
      expect(body).not.toContain('"token"');
    } finally {
      await fresh.close();
    }
  });
});
