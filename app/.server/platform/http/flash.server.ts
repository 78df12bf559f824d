import crypto from "node:crypto";

import { cookiePairs, expiredCookie, readCookie, siteCookieAttributes } from "./cookies.server";

/**
 * A one-shot message for the next page: a form action sets it before redirecting, the root
 * loader reads and clears it, and the page shows it as a toast. Works without JavaScript too,
 * because the redirect target renders it on the server.
 */
export interface Flash {
  id: string;
  kind: "success" | "error";
  message: string;
  title?: string;
}

export const FLASH_COOKIE = "pp_flash";
const FLASH_MAX_AGE_SECONDS = 60;

export function flashCookie(baseUrl: string, flash: Omit<Flash, "id">): string {
  const value = encodeURIComponent(JSON.stringify({ ...flash, id: crypto.randomUUID() }));
  return `${FLASH_COOKIE}=${value}; Max-Age=${FLASH_MAX_AGE_SECONDS}; ${siteCookieAttributes(baseUrl)}`;
}

/** The flash message a decoded `pp_flash` value holds, or null when it holds none. */
export function parseFlash(value: string): Flash | null {
  try {
    const parsed = JSON.parse(value) as Partial<Flash> | null;
    if (typeof parsed?.message !== "string" || typeof parsed.id !== "string") return null;
    return {
      id: parsed.id,
      kind: parsed.kind === "error" ? "error" : "success",
      message: parsed.message.slice(0, 300),
      title: typeof parsed.title === "string" ? parsed.title.slice(0, 100) : undefined,
    };
  } catch {
    return null;
  }
}

/** The pending flash, if any, and the Set-Cookie value that clears it. */
export function readFlash(
  request: Request,
  baseUrl: string,
): { flash: Flash | null; clearCookie: string | null } {
  if (!cookiePairs(request.headers.get("cookie")).has(FLASH_COOKIE)) {
    return { flash: null, clearCookie: null };
  }
  const value = readCookie(request, FLASH_COOKIE);
  return {
    flash: value === undefined ? null : parseFlash(value),
    clearCookie: expiredCookie(FLASH_COOKIE, baseUrl),
  };
}
