import { PassThrough, type TransformCallback } from "node:stream";

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";

import { contentSecurityPolicy, createCspNonce } from "~/.server/platform/http/csp.server";
import { deferHydration } from "~/.server/platform/http/hydrate-after-paint.server";
import { isAdminArea } from "~/lib/admin-session";
import { appOf } from "~/.server/platform/context.server";
import { requestForLog } from "~/.server/platform/logger";

export const streamTimeout = 5_000;

/**
 * Passes on what React writes in one chunk per React flush (its `flush()` call after each
 * round of writing) rather than its 4 KB pieces: every chunk costs a stream read, a gzip
 * flush and a socket write on the way out, and a page without suspense is one round.
 */
class FlushChunks extends PassThrough {
  private pending: Buffer[] = [];

  constructor(private readonly rewrite: ((html: Buffer) => Buffer) | null) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    callback();
  }

  flush() {
    if (this.pending.length === 0) return;
    const chunk = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.push(this.rewrite ? this.rewrite(chunk) : chunk);
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}

/**
 * React Router's default Node entry, plus a Content-Security-Policy with a fresh nonce per
 * response: React Router puts it on its inline scripts (hydration data, scroll restoration,
 * module loader), and any other inline script is refused. Built public pages also hydrate
 * after their first paint (`deferHydration`); the back office is a working tool whose admins
 * act at once, so it hydrates as React Router does. Vite's development server injects scripts
 * of its own, so neither applies there.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = createCspNonce();
  const viteDevServer = appOf(loadContext).env.NODE_ENV === "development";
  if (!viteDevServer) {
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; browsers get the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const adminArea = isAdminArea(new URL(request.url).pathname);
          const body = new FlushChunks(viteDevServer || adminArea ? null : deferHydration);
          body.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by React Router.
          if (shellRendered)
            appOf(loadContext).logger.error({ err: error }, "page streaming failed");
        },
      },
    );
  });
}

/**
 * Every error a loader, action or render throws is logged here, as one structured line through
 * the app's capped logger (React Router's default prints the whole error, stack and all, to
 * stderr). A refusal React Router makes itself — a POST to a path with no action (405), an
 * unknown path (404) — is the visitor's doing: a warning with its status, no stack trace.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const where = requestForLog(request);
  const { logger } = appOf(context as RouterContextProvider);
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn({ ...where, status: error.status }, "request refused");
  } else {
    logger.error({ ...where, err: error }, "request failed");
  }
};
