/** Issue 34: the admin's click report (per vendor and day, CSV) and the site-wide affiliate switch. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getAffiliateLinksEnabled } from "~/.server/data/settings.server";
import { auditLog, outboundClicks, vendors } from "~/.server/db/schema";

import { startAdminHttp } from "../helpers/admin-http";

const session = startAdminHttp({
  plainUser: { email: "clicks-plain@example.com", password: "clicks-plain-password-1" },
});

describe("admin click report", () => {
  it("lists clicks per vendor in the range and exports them as CSV, formula cells neutralised", async () => {
    const db = session.db();
    const [vendor] = await db
      .insert(vendors)
      .values({ name: "=cmd|' /C calc'!A0 Labs", website: "https://formula.test" })
      .returning({ id: vendors.id });
    const click = {
      vendorId: vendor!.id,
      offerId: null,
      page: "/",
      shipTo: null,
      affiliated: true,
    };
    await db.insert(outboundClicks).values([
      { ...click, clickedAt: new Date("2026-03-02T10:00:00Z") },
      { ...click, clickedAt: new Date("2026-03-02T23:59:59Z") },
      { ...click, clickedAt: new Date("2026-03-04T00:00:00Z"), affiliated: false },
      // Outside the range asked for.
      { ...click, clickedAt: new Date("2026-03-05T00:00:00Z") },
    ]);

    const page = await session.get("/admin/clicks?from=2026-03-01&to=2026-03-04");
    expect(page.status).toBe(200);
    expect(page.text).toContain("3 clicks from 2026-03-01 to 2026-03-04");
    expect(page.text).toContain('data-testid="clicks-chart"');

    const csv = await session.server.fetch(
      "/admin/clicks/export.csv?from=2026-03-01&to=2026-03-04",
      {
        headers: { cookie: session.adminCookie },
      },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toEqual([
      "day,vendor_id,vendor,clicks,affiliated_clicks",
      `2026-03-02,${vendor!.id},'=cmd|' /C calc'!A0 Labs,2,2`,
      `2026-03-04,${vendor!.id},'=cmd|' /C calc'!A0 Labs,1,0`,
    ]);
  });

  it("refuses a malformed range with a message, and the CSV to anyone but an admin", async () => {
    const bad = await session.server.fetch("/admin/clicks/export.csv?from=2026-13-01", {
      headers: { cookie: session.adminCookie },
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Use a date such as 2026-01-31");
    const page = await session.get("/admin/clicks?from=yesterday");
    expect(page.status).toBe(200);
    expect(page.text).toContain("showing the last 30 days");
    const plain = await session.server.fetch("/admin/clicks/export.csv", {
      headers: { cookie: session.userCookie },
    });
    expect(plain.status).toBe(403);
  });

  it("switches affiliation off site-wide, audited", async () => {
    const answer = await session.post("/admin/clicks", {
      intent: "set-affiliation",
      enabled: "off",
    });
    expect(answer.status).toBe(200);
    expect(await getAffiliateLinksEnabled(session.db())).toBe(false);
    const entries = await session
      .db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entity, "settings"));
    expect(JSON.stringify(entries.at(-1)?.details)).toContain("affiliateLinksEnabled");
    const wrong = await session.post("/admin/clicks", {
      intent: "set-affiliation",
      enabled: "maybe",
    });
    expect(wrong.status).toBe(400);
  });
});
