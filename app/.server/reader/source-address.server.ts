import type { AppContext } from "../platform/context.server";

import { assertAllowedUrl, BlockedAddressError } from "../platform/outbound/address-guard.server";

export const PRIVATE_SOURCE_ADDRESS_MESSAGE =
  "This address is on a private or local network: the scraper will not fetch it";

/**
 * Why a source's URL cannot be saved: the scraper's address guard would refuse it at every run
 * (a cloud-metadata or private address), so the admin hears it on save. A host that does not
 * resolve now may later: that is left to the run to report.
 */
export async function refusedSourceAddress(
  app: Pick<AppContext, "env" | "baseUrl">,
  url: string,
): Promise<string | null> {
  try {
    await assertAllowedUrl(new URL(url), {
      allowPrivateHosts: app.env.SCRAPER_ALLOW_PRIVATE_HOSTS,
      trustedOrigins: [new URL(app.baseUrl).origin],
    });
    return null;
  } catch (error) {
    return error instanceof BlockedAddressError ? PRIVATE_SOURCE_ADDRESS_MESSAGE : null;
  }
}
