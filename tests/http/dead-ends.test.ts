import http from "node:http";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { user } from "~/.server/db/schema";
import { MAX_UPLOAD_BYTES } from "~/lib/upload-limits";

import { cookieHeaderFrom, readHtml, signIn } from "../helpers/auth";
import { DEMO_ADMIN } from "../helpers/admin-http";
import { startTestServer, type TestServer } from "../helpers/server";
import { firstLink, startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

let server: TestServer;
let smtp: TestSmtpServer;
let adminCookie: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  adminCookie = await signIn(server, DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** Follows a redirect the way a browser would, carrying the cookies it set. */
async function landing(response: Response): Promise<string> {
  expect(response.status).toBe(302);
  const next = await server.fetch(response.headers.get("location")!, {
    redirect: "manual",
    headers: { cookie: cookieHeaderFrom(response) },
  });
  if (next.status === 302) return landing(next);
  return readHtml(next);
}

describe("the e-mail confirmation link", () => {
  it("lands on /login saying the address is confirmed, on the first click and on a later one", async () => {
    const email = "confirm-me@example.com";
    const password = "confirm-me-password";
    const signUp = await server.postForm("/signup", {
      intent: "password",
      email,
      password,
      confirmPassword: password,
    });
    expect(signUp.status).toBe(302);
    const mail = await smtp.waitForMessage((message) => message.to.includes(email));
    const link = firstLink(mail);

    for (const click of ["first", "second"]) {
      const verify = await fetch(link, { redirect: "manual" });
      const page = await landing(verify);
      expect(page, click).toContain("Your e-mail address is confirmed. You can log in now.");
    }
    const [account] = await server.app.db
      .select({ verified: user.emailVerified })
      .from(user)
      .where(eq(user.email, email));
    expect(account!.verified).toBe(true);

    const users = await readHtml(
      await server.fetch(`/admin/users?q=${encodeURIComponent(email)}`, {
        headers: { cookie: adminCookie },
      }),
    );
    expect(users).toContain(">Confirmed<");
  });

  it("says a broken link is invalid instead of confirming", async () => {
    const broken = await server.fetch(
      `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent("/login?emailConfirmed=1")}`,
      { redirect: "manual" },
    );
    const page = await landing(broken);
    expect(page).toContain("This confirmation link is invalid or has expired.");
    expect(page).not.toContain("Your e-mail address is confirmed");
  });

  it("shows an unconfirmed account as not confirmed on the users page", async () => {
    const email = "unconfirmed@example.com";
    await server.postForm("/signup", {
      intent: "password",
      email,
      password: "unconfirmed-password",
      confirmPassword: "unconfirmed-password",
    });
    const users = await readHtml(
      await server.fetch(`/admin/users?q=${encodeURIComponent(email)}`, {
        headers: { cookie: adminCookie },
      }),
    );
    expect(users).toContain(email);
    expect(users).toContain("Not confirmed");
    expect(users).not.toContain(">Confirmed<");
  });
});

const BOUNDARY = "dead-ends-boundary";

/**
 * Posts a form with `fields` and a `fileBytes` long file as `fileField`, as a browser would
 * (declared length), and answers the first line of single fetch's answer. The server stops
 * reading at the limit and closes the connection, which fetch reports as a failed request, so
 * this reads the answer from Node's http client instead.
 */
function postOversized(
  pathname: string,
  fields: Record<string, string>,
  fileField: string,
  fileBytes: number,
) {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    parts.join("") +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="huge.png"\r\n` +
      `Content-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(new URL(pathname, server.baseUrl), {
      method: "POST",
      headers: {
        origin: server.baseUrl,
        cookie: adminCookie,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        "content-length": head.length + fileBytes + tail.length,
      },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      // Single fetch's first line holds the whole result (later lines would carry promises);
      // the server may keep the answer open while the refused body is still on its way.
      let text = "";
      response.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
        if (!text.includes("\n")) return;
        resolve({ status: response.statusCode!, text: text.slice(0, text.indexOf("\n")) });
        request.destroy();
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let written = 0;
    const pump = () => {
      while (!answered && written < fileBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - written));
        written += piece.length;
        if (!request.write(piece)) return void request.once("drain", pump);
      }
      if (!answered) request.end(tail);
    };
    if (request.write(head)) pump();
    else request.once("drain", pump);
  });
}

describe("a file over the upload limit", () => {
  it("is answered 413 as the form's result, with the limit, not thrown to the error page", async () => {
    // The admin's dialogs post through React Router's fetcher, to the route's `.data` address.
    for (const [path, fields, fileField, limit] of [
      ["/admin/hero.data", { intent: "upload-image" }, "image", "Images up to 5 MB"],
      [
        "/admin/peptides.data",
        { intent: "create-peptide", name: "Typed Name" },
        "image",
        "Images up to 5 MB",
      ],
      ["/admin/lab-tests.data", { intent: "create-lab-test" }, "report", "Files up to 5 MB"],
    ] as const) {
      const answer = await postOversized(path, fields, fileField, MAX_UPLOAD_BYTES + 256 * 1024);
      expect(answer.status, path).toBe(413);
      // Single fetch's answer: the action's "data" (the form shows it); thrown, it was "error"
      // and the admin page became the error page, losing the dialog.
      const [, kind, result] = JSON.parse(answer.text) as unknown[];
      expect(kind, path).toBe("data");
      expect(answer.text, path).toContain(`"ok",false,"error","${limit}"`);
      expect(result, path).toBeTypeOf("object");
    }
  });
});
