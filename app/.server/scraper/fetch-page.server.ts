import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";

import robotsParser from "robots-parser";

import {
  assertAllowedUrl,
  guardedLookup,
  isTrustedOrigin,
  type AddressPolicy,
} from "./address-guard.server";

export const FETCH_TIMEOUT_MS = 30_000;
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface FetchPolicy extends AddressPolicy {
  userAgent: string;
  respectRobotsTxt: boolean;
  /** Minimum gap between two requests to one host; a larger robots.txt Crawl-delay wins. */
  requestDelayMs: number;
  /** Pages (not robots.txt files) one run may fetch. */
  maxUrls: number;
  timeoutMs?: number;
}

export interface FetchedPage {
  /** The URL the content came from, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: string;
}

export class RobotsDisallowedError extends Error {
  constructor(url: string) {
    super(`robots.txt disallows fetching ${url}`);
  }
}

export class UrlCapReachedError extends Error {
  constructor(max: number) {
    super(`The per-run limit of ${max} URLs was reached`);
  }
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Robots = ReturnType<typeof robotsParser>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/**
 * One HTTP GET without following redirects. Untrusted hosts connect through a lookup that
 * refuses private addresses, so the check holds even if DNS changes between hops.
 */
function requestOnce(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<RawResponse> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
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
        const chunks: Buffer[] = [];
        let size = 0;
        const stream = decode(response);
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            request.destroy(new Error(`The page is larger than ${MAX_BODY_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        stream.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        stream.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/**
 * Fetches pages politely for one scraping run: the address guard on every hop, robots.txt
 * (cached per host, with its Crawl-delay), a delay between requests to one host, and a cap
 * on the pages fetched in the run.
 */
export class PageFetcher {
  private readonly robots = new Map<string, Promise<Robots | null>>();
  private readonly lastRequestAt = new Map<string, number>();
  private fetched = 0;

  constructor(private readonly policy: FetchPolicy) {}

  get urlsFetched(): number {
    return this.fetched;
  }

  get capReached(): boolean {
    return this.fetched >= this.policy.maxUrls;
  }

  async fetchPage(address: string): Promise<FetchedPage> {
    if (this.capReached) throw new UrlCapReachedError(this.policy.maxUrls);
    this.fetched += 1;
    const signal = AbortSignal.timeout(this.policy.timeoutMs ?? FETCH_TIMEOUT_MS);
    let url = new URL(address);
    for (let hop = 0; ; hop += 1) {
      await assertAllowedUrl(url, this.policy);
      const robots = await this.robotsFor(url, signal);
      if (robots?.isDisallowed(url.href, this.policy.userAgent)) {
        throw new RobotsDisallowedError(url.href);
      }
      await this.waitForHost(url.host, robots);
      const response = await requestOnce(url, this.policy, signal);
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.status) && location) {
        if (hop >= MAX_REDIRECTS) throw new Error(`Too many redirects from ${address}`);
        url = new URL(location, url);
        continue;
      }
      if (response.status < 200 || response.status >= 300) {
        throw new Error(`${url.href} answered HTTP ${response.status}`);
      }
      return {
        url: url.href,
        status: response.status,
        contentType: String(response.headers["content-type"] ?? ""),
        body: response.body,
      };
    }
  }

  /** Throws when the guard or robots.txt would refuse the URL; used before handing it to a browser. */
  async assertFetchable(address: string): Promise<void> {
    const url = new URL(address);
    await assertAllowedUrl(url, this.policy);
    const robots = await this.robotsFor(
      url,
      AbortSignal.timeout(this.policy.timeoutMs ?? FETCH_TIMEOUT_MS),
    );
    if (robots?.isDisallowed(url.href, this.policy.userAgent))
      throw new RobotsDisallowedError(url.href);
  }

  private robotsFor(url: URL, signal: AbortSignal): Promise<Robots | null> {
    if (!this.policy.respectRobotsTxt) return Promise.resolve(null);
    let cached = this.robots.get(url.origin);
    if (!cached) {
      cached = this.loadRobots(url, signal);
      this.robots.set(url.origin, cached);
    }
    return cached;
  }

  private async loadRobots(url: URL, signal: AbortSignal): Promise<Robots | null> {
    const robotsUrl = new URL("/robots.txt", url.origin);
    try {
      const response = await requestOnce(robotsUrl, this.policy, signal);
      // A missing robots.txt (or a server error) means no restrictions.
      if (response.status < 200 || response.status >= 300) return null;
      return robotsParser(robotsUrl.href, response.body);
    } catch {
      return null;
    }
  }

  private async waitForHost(host: string, robots: Robots | null): Promise<void> {
    const crawlDelayMs = (robots?.getCrawlDelay(this.policy.userAgent) ?? 0) * 1000;
    const gap = Math.max(this.policy.requestDelayMs, crawlDelayMs);
    const last = this.lastRequestAt.get(host);
    if (last !== undefined) {
      const wait = last + gap - Date.now();
      if (wait > 0) await sleep(wait);
    }
    this.lastRequestAt.set(host, Date.now());
  }
}
