import crypto from "node:crypto";

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

const FLASH_COOKIE = "pp_flash";
const FLASH_MAX_AGE_SECONDS = 60;

function cookieAttributes(baseUrl: string): string {
  return `Path=/; HttpOnly; SameSite=Lax${baseUrl.startsWith("https://") ? "; Secure" : ""}`;
}

export function flashCookie(baseUrl: string, flash: Omit<Flash, "id">): string {
  const value = encodeURIComponent(JSON.stringify({ ...flash, id: crypto.randomUUID() }));
  return `${FLASH_COOKIE}=${value}; Max-Age=${FLASH_MAX_AGE_SECONDS}; ${cookieAttributes(baseUrl)}`;
}

function parseFlash(value: string): Flash | null {
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as Partial<Flash>;
    if (typeof parsed.message !== "string" || typeof parsed.id !== "string") return null;
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
  const cookies = request.headers.get("cookie") ?? "";
  const raw = cookies
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${FLASH_COOKIE}=`));
  if (!raw) return { flash: null, clearCookie: null };
  return {
    flash: parseFlash(raw.slice(FLASH_COOKIE.length + 1)),
    clearCookie: `${FLASH_COOKIE}=; Max-Age=0; ${cookieAttributes(baseUrl)}`,
  };
}
