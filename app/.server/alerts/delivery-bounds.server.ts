import { findUserById } from "../data/admin-users.server";
import { databaseRateLimiter } from "../data/rate-limits.server";
import type { AppContext } from "../platform/context.server";

type NoticeContext = Pick<AppContext, "db" | "logger" | "mailer" | "baseUrl">;

/**
 * Pushes and webhook posts one user's alerts may send a minute (a push counts once however
 * many browsers it goes to); the rest wait in the queue for the next minute.
 */
export const DELIVERIES_PER_USER_PER_MINUTE = 30;
const DELIVERY_RULE = { windowSeconds: 60, max: DELIVERIES_PER_USER_PER_MINUTE };

/** Counts one delivery for the user; false when they are over this minute's cap. */
export async function withinDeliveryCap(db: NoticeContext["db"], userId: string) {
  const limiter = databaseRateLimiter(db, DELIVERY_RULE);
  return (await limiter.consume(`alert-deliveries:${userId}`)).allowed;
}

/**
 * Tells the user by e-mail that a webhook or a browser stopped getting their alerts after
 * repeated failures, and how to turn it back on. A notice that cannot be sent is only logged:
 * it must not hold up the other deliveries.
 */
export async function sendDeliveryDisabledNotice(
  app: NoticeContext,
  params: { userId: string; what: string; reason: string; turnBackOn: string },
): Promise<void> {
  const account = await findUserById(app.db, params.userId);
  if (!account) return;
  try {
    await app.mailer.send({
      to: account.email,
      subject: `Price alerts stopped for ${params.what}`,
      text: [
        `Your price alerts are no longer sent to ${params.what}: it kept failing.`,
        `Last error: ${params.reason.slice(0, 300)}`,
        ``,
        `Your alerts keep their other channels. ${params.turnBackOn}`,
        ``,
        `Your alerts: ${app.baseUrl}/deals`,
      ].join("\n"),
    });
  } catch (error) {
    app.logger.error({ err: error, userId: params.userId }, "delivery notice could not be sent");
  }
}
