/**
 * The polite fetcher: address guard, robots.txt, the per-host delay, timeouts, size limits,
 * decompression and block-page detection for every outbound page read. Over 400 lines, kept
 * whole: each request passes every one of these steps in order, and the host slots they share
 * live here. (Issue 36's platform layer is where it moves.)
 */
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";

import robotsParser from "robots-parser";

import { blockPageEvidence, BlockedBySiteError } from "./block-page.server";

import {
  assertAllowedUrl,
  guardedLookup,
  isTrustedOrigin,
  type AddressPolicy,
} from "./address-guard.server";
import { outboundRequests } from "../metrics.server";

export const FETCH_TIMEOUT_MS = 30_000;
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The per-host delay shared by every run on every instance (a next-allowed time per host in
 * the database, run.server.ts). Within one process, requests to a host also queue behind
 * each other, so the gap is measured from when the previous request really went out.
 */
export interface HostSlots {
  /** Claims the next request to `host`, `gapMs` after the previous claim; resolves to when it may go. */
  reserve: (host: string, gapMs: number) => Promise<Date>;
}

const sleepUntil = (at: Date) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() - Date.now())));

const hostQueues = new Map<string, Promise<void>>();
const lastSentAt = new Map<string, number>();

/**
 * Waits for this process's turn on the host (the previous request written out), then for
 * the shared slot and the gap since that write. Resolves to `sent`, to be called once the
 * request has been written (or has failed): only then may the next request's gap start.
 */
async function takeHostTurn(
  host: string,
  gapMs: number,
  shared: HostSlots | undefined,
): Promise<() => void> {
  const previous = hostQueues.get(host) ?? Promise.resolve();
  let sent!: () => void;
  const written = new Promise<void>((resolve) => {
    let done = false;
    sent = () => {
      if (done) return;
      done = true;
      lastSentAt.set(host, Date.now());
      resolve();
    };
  });
  hostQueues.set(host, written);
  void written.then(() => {
    if (hostQueues.get(host) === written) hostQueues.delete(host);
  });
  await previous;
  try {
    const slot = shared ? (await shared.reserve(host, gapMs)).getTime() : 0;
    await sleepUntil(new Date(Math.max(slot, (lastSentAt.get(host) ?? 0) + gapMs)));
  } catch (error) {
    sent();
    throw error;
  }
  return sent;
}

/** The URLs one run may fetch, shared by its sources and by the browser's sub-requests. */
export class UrlBudget {
  private used = 0;

  constructor(protected limit: number) {}

  get max(): number {
    return this.limit;
  }

  get spent(): number {
    return this.used;
  }

  get exhausted(): boolean {
    return this.used >= this.limit;
  }

  /** URLs still to be had: a feed reader starts a page only when it can also finish it. */
  get remaining(): number {
    return Math.max(0, this.limit - this.used);
  }

  take(): void {
    if (this.exhausted) throw new UrlCapReachedError(this.limit);
    this.used += 1;
  }

  /**
   * `extra` URLs more than this budget holds, where a larger budget behind it has them; false
   * when it has not (a run's own cap never grows).
   */
  stretch(extra: number): boolean {
    void extra;
    return false;
  }
}

/**
 * One source's share of a run's budget: at most `max` URLs, and never past the run's own cap,
 * so a large shop cannot take what the run's other sources need.
 */
class BudgetShare extends UrlBudget {
  constructor(
    private readonly run: UrlBudget,
    max: number,
  ) {
    super(max);
  }

  override get exhausted(): boolean {
    return super.exhausted || this.run.exhausted;
  }

  override get remaining(): number {
    return Math.min(super.remaining, this.run.remaining);
  }

  override take(): void {
    super.take();
    this.run.take();
  }

  /** The share grows by `extra` of the run's URLs while the run has them to spare. */
  override stretch(extra: number): boolean {
    if (this.run.remaining < super.remaining + extra) return false;
    this.limit += extra;
    return true;
  }
}

export interface FetchPolicy extends AddressPolicy {
  userAgent: string;
  respectRobotsTxt: boolean;
  /** Minimum gap between two requests to one host; a larger robots.txt Crawl-delay wins. */
  requestDelayMs: number;
  /** Pages (not robots.txt files) one run may fetch, when no shared budget is given. */
  maxUrls: number;
  /** Starts after the per-host wait, so a long Crawl-delay never eats into it. */
  timeoutMs?: number;
  budget?: UrlBudget;
  /** The delay shared with other instances; without it, only this process's runs share it. */
  hostSlots?: HostSlots;
}

export interface FetchedPage {
  /** The URL the content came from, after redirects. */
  url: string;
  status: number;
  contentType: string;
  /** The final response's headers (a feed's paging headers, such as X-WP-TotalPages). */
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export class RobotsDisallowedError extends Error {
  constructor(url: string) {
    super(`robots.txt disallows fetching ${url}`);
  }
}

/** RFC 9309 §2.3.1.4: a robots.txt that cannot be read for a server error means stay away. */
export class RobotsUnreachableError extends Error {
  constructor(origin: string, reason: string) {
    super(`robots.txt of ${origin} is unreachable (${reason}), so nothing is fetched from it`);
  }
}

export class UrlCapReachedError extends Error {
  constructor(readonly max: number) {
    super(`The per-run limit of ${max} URLs was reached`);
  }
}

export class FetchTimeoutError extends Error {
  constructor(url: string, ms: number) {
    super(`timed out after ${ms / 1000} s fetching ${url}`);
  }
}

type Robots = ReturnType<typeof robotsParser>;
type RobotsVerdict = { allowAll: true } | { allowAll: false; robots: Robots } | { error: string };

function decode(response: http.IncomingMessage): NodeJS.ReadableStream {
  switch (response.headers["content-encoding"]) {
    case "gzip":
      return response.pipe(zlib.createGunzip());
    case "deflate":
      return response.pipe(zlib.createInflate());
    case "br":
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

const oversized = () => new Error(`The page is larger than ${MAX_BODY_BYTES} bytes`);

/**
 * One HTTP GET without following redirects. Untrusted hosts connect through a lookup that
 * refuses private addresses, so the check holds even if DNS changes between hops. The size
 * limit counts decompressed bytes, so a small gzip bomb is refused too.
 */
function requestOnce(
  url: URL,
  policy: FetchPolicy,
  timeoutMs: number,
  onWritten: () => void = () => {},
): Promise<RawResponse> {
  const client = url.protocol === "https:" ? https : http;
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise<RawResponse>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      outboundRequests.inc({ host: url.host, status: "error" });
      request.destroy();
      reject(signal.aborted ? new FetchTimeoutError(url.href, timeoutMs) : error);
    };
    const request = client.request(
      url,
      {
        method: "GET",
        signal,
        headers: {
          "user-agent": policy.userAgent,
          accept: "text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.5",
          "accept-encoding": "gzip, deflate, br",
        },
        lookup: isTrustedOrigin(url, policy) ? undefined : guardedLookup,
      },
      (response) => {
        if (Number(response.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
          fail(oversized());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const stream = decode(response);
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            fail(oversized());
            return;
          }
          chunks.push(chunk);
        });
        stream.on("end", () => {
          if (settled) return;
          settled = true;
          outboundRequests.inc({ host: url.host, status: String(response.statusCode ?? 0) });
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          });
        });
        stream.on("error", fail);
        response.on("error", fail);
      },
    );
    request.on("error", fail);
    request.on("finish", onWritten);
    request.on("close", onWritten);
    request.end();
  });
}

/**
 * Fetches politely for one scraping run, on every path (plain pages and the browser's
 * sub-requests alike): the address guard on every hop, robots.txt per RFC 9309 (cached per
 * origin for the run, with its Crawl-delay), a delay between requests to one host shared with
 * every other run, a timeout that starts after that wait, and a cap on the URLs of the run.
 */
export class PageFetcher {
  private readonly robots: Map<string, Promise<RobotsVerdict>> = new Map();
  readonly budget: UrlBudget;

  constructor(
    private readonly policy: FetchPolicy,
    robots?: Map<string, Promise<RobotsVerdict>>,
  ) {
    this.budget = policy.budget ?? new UrlBudget(policy.maxUrls);
    if (robots) this.robots = robots;
  }

  /** The same polite fetcher (robots.txt cache included), held to `max` of the run's URLs. */
  withShare(max: number): PageFetcher {
    return new PageFetcher(
      { ...this.policy, budget: new BudgetShare(this.budget, max) },
      this.robots,
    );
  }

  get userAgent(): string {
    return this.policy.userAgent;
  }

  get addressPolicy(): AddressPolicy {
    return this.policy;
  }

  get capReached(): boolean {
    return this.budget.exhausted;
  }

  async fetchPage(address: string): Promise<FetchedPage> {
    this.budget.take();
    let url = new URL(address);
    for (let hop = 0; ; hop += 1) {
      const response = await this.politeRequest(url);
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.status) && location) {
        if (hop >= MAX_REDIRECTS) throw new Error(`Too many redirects from ${address}`);
        url = new URL(location, url);
        continue;
      }
      const body = response.body.toString("utf8");
      // A bot shield's or a wall's page is never read for prices, whatever its status.
      const blocked = blockPageEvidence(response.status, response.headers, body);
      if (blocked) throw new BlockedBySiteError(url.href, blocked);
      if (response.status < 200 || response.status >= 300) {
        throw new Error(`${url.href} answered HTTP ${response.status}`);
      }
      return {
        url: url.href,
        status: response.status,
        contentType: String(response.headers["content-type"] ?? ""),
        headers: response.headers,
        body,
      };
    }
  }

  /**
   * One request for the headless browser, redirects left to it: counted against the URL cap
   * and held to robots.txt and the per-host delay exactly like a page.
   */
  async fetchResource(address: string): Promise<RawResponse> {
    this.budget.take();
    return this.politeRequest(new URL(address));
  }

  /** Throws when the guard or robots.txt would refuse the URL. */
  async assertFetchable(address: string): Promise<void> {
    const url = new URL(address);
    await assertAllowedUrl(url, this.policy);
    await this.assertRobotsAllow(url);
  }

  private async politeRequest(url: URL): Promise<RawResponse> {
    await assertAllowedUrl(url, this.policy);
    const robots = await this.assertRobotsAllow(url);
    const sent = await this.waitForHost(url.host, robots);
    try {
      return await requestOnce(url, this.policy, this.policy.timeoutMs ?? FETCH_TIMEOUT_MS, sent);
    } finally {
      sent();
    }
  }

  private async assertRobotsAllow(url: URL): Promise<Robots | null> {
    if (!this.policy.respectRobotsTxt) return null;
    let verdict = this.robots.get(url.origin);
    if (!verdict) {
      verdict = this.loadRobots(url);
      this.robots.set(url.origin, verdict);
    }
    const resolved = await verdict;
    if ("error" in resolved) throw new RobotsUnreachableError(url.origin, resolved.error);
    if (resolved.allowAll) return null;
    if (resolved.robots.isDisallowed(url.href, this.policy.userAgent)) {
      throw new RobotsDisallowedError(url.href);
    }
    return resolved.robots;
  }

  /**
   * RFC 9309 §2.3: redirects followed up to five hops; 4xx (or too many redirects) means no
   * restrictions; a server error, a 429 or no answer at all means disallow everything.
   */
  private async loadRobots(pageUrl: URL): Promise<RobotsVerdict> {
    const robotsUrl = new URL("/robots.txt", pageUrl.origin);
    let url = robotsUrl;
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        await assertAllowedUrl(url, this.policy);
        // robots.txt is a request to the host like any other: it takes its slot and its gap.
        const sent = await this.waitForHost(url.host, null);
        let response: RawResponse;
        try {
          response = await requestOnce(
            url,
            this.policy,
            this.policy.timeoutMs ?? FETCH_TIMEOUT_MS,
            sent,
          );
        } finally {
          sent();
        }
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(response.status) && location) {
          url = new URL(location, url);
          continue;
        }
        if (response.status >= 200 && response.status < 300) {
          // The rules found at the end of the redirects apply to the original host.
          return {
            allowAll: false,
            robots: robotsParser(robotsUrl.href, response.body.toString("utf8")),
          };
        }
        if (response.status === 429 || response.status >= 500) {
          return { error: `HTTP ${response.status}` };
        }
        return { allowAll: true };
      }
      return { allowAll: true };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  private async waitForHost(host: string, robots: Robots | null): Promise<() => void> {
    const crawlDelayMs = (robots?.getCrawlDelay(this.policy.userAgent) ?? 0) * 1000;
    const gap = Math.max(this.policy.requestDelayMs, crawlDelayMs);
    return takeHostTurn(host, gap, this.policy.hostSlots);
  }
}
