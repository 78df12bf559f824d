import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

import { recordRendering, type PageCache } from "~/.server/platform/http/page-cache.server";

export interface PageHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** Where shareable renderings are kept; null where every request renders afresh. */
  pageCache: PageCache | null;
}

/**
 * React Router's request handler (what @react-router/express does), with the page cache
 * reading the rendered Response as it streams out: a shareable page is sent as it renders and
 * kept, whole, just before its answer ends. The request and response conversions follow
 * @react-router/express 7.18.
 */
export function pageHandler(options: PageHandlerOptions): RequestHandler {
  const handleRequest = createRequestHandler(options.build, process.env.NODE_ENV);
  return async (req, res, next) => {
    try {
      const recorder = options.pageCache ? recordRendering(options.pageCache, req, res) : null;
      const response = await handleRequest(
        toFetchRequest(req, res),
        options.getLoadContext(req, res),
      );
      await send(res, response, recorder?.(response) ?? null);
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.app.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((text) => Number.parseInt(text ?? "", 10))
    .find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  // Aborted when the client goes away before the answer is complete.
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: fetchHeaders(req.headers),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

function fetchHeaders(incoming: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(incoming)) {
    for (const value of Array.isArray(values) ? values : values ? [values] : []) {
      headers.append(name, value);
    }
  }
  return headers;
}

async function send(
  res: ExpressResponse,
  response: Response,
  kept: { entityTag: string; keep: (body: Buffer) => void } | null,
) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (kept) res.setHeader("ETag", kept.entityTag);
  if (!response.body) {
    kept?.keep(Buffer.alloc(0));
    res.end();
    return;
  }
  const chunks: Buffer[] = [];
  const record = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (kept) chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      kept?.keep(Buffer.concat(chunks));
      callback();
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as never), record, res);
  } catch (error) {
    // The visitor went away mid-answer: nothing to report.
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
