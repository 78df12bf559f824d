/** Web Push in the browser: the service worker is registered only when the user asks for it here. */

function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + "=".repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

export class PushUnavailableError extends Error {}

/** Asks for permission, registers /sw.js and subscribes; the subscription's fields for /alerts. */
export async function subscribeToPush(
  publicKey: string,
): Promise<{ endpoint: string; p256dh: string; auth: string }> {
  if (!pushSupported())
    throw new PushUnavailableError("This browser cannot show notifications from websites");
  const permission = await Notification.requestPermission();
  if (permission !== "granted")
    throw new PushUnavailableError("Notifications are blocked for this site in your browser");
  const registration = await navigator.serviceWorker.register("/sw.js");
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new PushUnavailableError("The browser returned an incomplete subscription");
  return { endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth };
}
