import type PgBoss from "pg-boss";

import { deliverDueAlertMessages } from "./deliver.server";
import { checkAllPriceAlerts, sendAlertDigests, type AlertContext } from "./price-alerts.server";

export const ALERT_DELIVERY_QUEUE = "alert-deliveries";
export const ALERT_DIGEST_QUEUE = "alert-digest";
export const ALERT_SWEEP_QUEUE = "alert-sweep";
const EVERY_MINUTE = "* * * * *";
const EVERY_QUARTER_HOUR = "*/15 * * * *";
/** The daily digest goes out at 07:00 UTC, before the working day in Europe and after the US evening. */
const DAILY_DIGEST = "0 7 * * *";

/**
 * Registers the alert jobs on a started pg-boss (each runs once across instances): e-mails,
 * pushes and webhook posts waiting in alert_deliveries every minute, a sweep over every alert each quarter
 * hour (for changes no price write reports), and the daily digest.
 */
export async function scheduleAlertJobs(boss: PgBoss, app: AlertContext): Promise<void> {
  await boss.createQueue(ALERT_DELIVERY_QUEUE, { name: ALERT_DELIVERY_QUEUE, retryLimit: 0 });
  await boss.createQueue(ALERT_DIGEST_QUEUE, { name: ALERT_DIGEST_QUEUE, retryLimit: 0 });
  await boss.createQueue(ALERT_SWEEP_QUEUE, { name: ALERT_SWEEP_QUEUE, retryLimit: 0 });
  await boss.schedule(ALERT_DELIVERY_QUEUE, EVERY_MINUTE);
  await boss.schedule(ALERT_DIGEST_QUEUE, DAILY_DIGEST, undefined, { tz: "UTC" });
  await boss.schedule(ALERT_SWEEP_QUEUE, EVERY_QUARTER_HOUR);
  await boss.work(ALERT_DELIVERY_QUEUE, async () => {
    await deliverDueAlertMessages(app);
  });
  await boss.work(ALERT_SWEEP_QUEUE, async () => {
    await checkAllPriceAlerts(app);
  });
  await boss.work(ALERT_DIGEST_QUEUE, async () => {
    await sendAlertDigests(app);
  });
}
