import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as received. */
  raw: string;
  subject: string;
  /** The body with quoted-printable soft breaks and escapes undone, for finding links. */
  body: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:PORT — pass it as SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitForMessage: (
    predicate: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = headerEnd === -1 ? raw : raw.slice(0, headerEnd);
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  const subject = unfolded.match(/^subject:\s*(.*)$/im)?.[1]?.trim() ?? "";
  const body = headerEnd === -1 ? "" : raw.slice(headerEnd).trim();
  const quotedPrintable = /content-transfer-encoding:\s*quoted-printable/i.test(unfolded);
  return { from, to, raw, subject, body: quotedPrintable ? decodeQuotedPrintable(body) : body };
}

/** A real SMTP server on a random local port that keeps every message it is sent. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{
    predicate: (mail: ReceivedMail) => boolean;
    resolve: (mail: ReceivedMail) => void;
  }>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), from, to);
        messages.push(mail);
        for (const waiter of waiters) {
          if (waiter.predicate(mail)) {
            waiters.delete(waiter);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage: (predicate, timeoutMs = 10_000) => {
      const already = messages.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`no matching e-mail within ${timeoutMs} ms (received ${messages.length})`),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a message's body. */
export function firstLink(mail: ReceivedMail): string {
  const link = mail.body.match(/https?:\/\/[^\s"<>]+/)?.[0];
  if (!link) throw new Error(`no link in e-mail "${mail.subject}"`);
  return link;
}
