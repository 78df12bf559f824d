import type { AppContext } from "../platform/context.server";
import { getAdminEmails } from "../data/admin-users.server";
import { getStaleBefore } from "../data/dashboard.server";
import {
  closeSourceIncident,
  openSourceIncident,
  recordSourceRunHealth,
} from "../data/scrape-source-health.server";
import { getActiveScrapeSources } from "../data/scrape-sources.server";
import { countScrapedOffersOfVendor } from "../data/scraped-offers.server";

/**
 * Source health (issue 17): a source that fails this many runs in a row, or whose scraped
 * offers have all gone stale, is an incident: the admins get one mail when it starts and one
 * when the source recovers, and the dashboard flags it meanwhile.
 */
export const FAILED_RUNS_BEFORE_INCIDENT = 3;

type HealthContext = Pick<AppContext, "db" | "logger" | "mailer" | "baseUrl">;

interface HealthSource {
  id: string;
  retailerName: string;
  vendorId: string | null;
}

async function staleReason(
  app: HealthContext,
  source: HealthSource,
  now: Date,
): Promise<string | null> {
  if (!source.vendorId) return null;
  const offers = await countScrapedOffersOfVendor(app.db, {
    vendorId: source.vendorId,
    staleBefore: await getStaleBefore(app.db, now),
  });
  return offers.total > 0 && offers.stale === offers.total
    ? `all ${offers.total} of its offers are stale (not refreshed within two scrape intervals)`
    : null;
}

async function unhealthyReason(
  app: HealthContext,
  source: HealthSource,
  consecutiveFailures: number,
  error: string | null,
): Promise<string | null> {
  if (consecutiveFailures >= FAILED_RUNS_BEFORE_INCIDENT) {
    return `failed ${consecutiveFailures} runs in a row${error ? ` (last error: ${error})` : ""}`;
  }
  return staleReason(app, source, new Date());
}

async function mailAdmins(app: HealthContext, subject: string, text: string): Promise<void> {
  for (const to of await getAdminEmails(app.db)) await app.mailer.send({ to, subject, text });
}

/** Opens the source's incident and mails the admins, unless it is already open. */
async function openIncident(app: HealthContext, source: HealthSource, reason: string) {
  if (!(await openSourceIncident(app.db, source.id, reason))) return;
  app.logger.warn({ sourceId: source.id, reason }, "scrape source unhealthy");
  const page = new URL("/admin/scraping", app.baseUrl).toString();
  await mailAdmins(
    app,
    `Scrape source needs attention: ${source.retailerName}`,
    `The scrape source ${source.retailerName} ${reason}.\n\nYou get one more mail when it recovers.\n\n${page}\n`,
  );
}

/**
 * Called with every run's outcome for a source. Never throws: a mail server that is down is
 * logged, and the run's own outcome stands.
 */
export async function trackSourceHealth(
  app: HealthContext,
  source: HealthSource,
  outcome: { ok: boolean; error: string | null },
): Promise<void> {
  try {
    const { consecutiveFailures } = await recordSourceRunHealth(app.db, source.id, outcome.ok);
    const reason = await unhealthyReason(app, source, consecutiveFailures, outcome.error);
    const page = new URL("/admin/scraping", app.baseUrl).toString();
    if (reason) {
      await openIncident(app, source, reason);
    } else if (!reason && (await closeSourceIncident(app.db, source.id))) {
      app.logger.info({ sourceId: source.id }, "scrape source recovered");
      await mailAdmins(
        app,
        `Scrape source recovered: ${source.retailerName}`,
        `The scrape source ${source.retailerName} works again: its last run succeeded and its offers are fresh.\n\n${page}\n`,
      );
    }
  } catch (error) {
    app.logger.error({ err: error, sourceId: source.id }, "source health check failed");
  }
}

/**
 * The stale rule on a timer, for every active source: offers go stale while no run reaches
 * their source (runs failing before it, cut short by the URL cap, or not scheduled at all), so
 * waiting for a run to say so could wait forever. Recovery is still a successful run's to declare.
 */
export async function checkSourcesForStaleness(app: HealthContext, now: Date): Promise<void> {
  for (const source of await getActiveScrapeSources(app.db)) {
    try {
      const reason = await staleReason(app, source, now);
      if (reason) await openIncident(app, source, reason);
    } catch (error) {
      app.logger.error({ err: error, sourceId: source.id }, "source staleness check failed");
    }
  }
}
