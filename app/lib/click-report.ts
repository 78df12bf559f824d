/**
 * The admin's outbound click report (issue 34): the date range it reads, the day-by-day totals
 * its chart draws and the CSV it exports.
 */
import { z } from "zod";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The report reads at most this many days at once. */
export const CLICK_REPORT_MAX_DAYS = 366;
export const CLICK_REPORT_DEFAULT_DAYS = 30;

export interface ClickReportEntry {
  day: string;
  vendorId: string;
  vendorName: string | null;
  clicks: number;
  affiliatedClicks: number;
}

const isoDay = z.iso.date({ error: "Use a date such as 2026-01-31" });

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included; the last 30 days when absent. */
export const clickReportRangeSchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .transform((range, ctx) => {
    const to = range.to ?? new Date().toISOString().slice(0, 10);
    const from =
      range.from ??
      new Date(Date.parse(to) - (CLICK_REPORT_DEFAULT_DAYS - 1) * DAY_MS)
        .toISOString()
        .slice(0, 10);
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (days < 1 || days > CLICK_REPORT_MAX_DAYS) {
      ctx.addIssue({
        code: "custom",
        message: `Choose a start on or before the end, at most ${CLICK_REPORT_MAX_DAYS} days apart`,
      });
      return z.NEVER;
    }
    return { from, to };
  });

export type ClickReportRange = z.output<typeof clickReportRangeSchema>;

/** The range as timestamps: [from 00:00 UTC, the day after `to` 00:00 UTC). */
export function clickReportBounds(range: ClickReportRange): { from: Date; to: Date } {
  return { from: new Date(`${range.from}T00:00:00Z`), to: new Date(Date.parse(range.to) + DAY_MS) };
}

/** Every day of the range with its total clicks (zero days included), for the chart. */
export function dailyClickTotals(
  rows: ClickReportEntry[],
  range: ClickReportRange,
): { day: string; clicks: number }[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.clicks);
  const days: { day: string; clicks: number }[] = [];
  for (let t = Date.parse(range.from); t <= Date.parse(range.to); t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push({ day, clicks: byDay.get(day) ?? 0 });
  }
  return days;
}

/** Clicks per vendor over the whole range, most first. */
export function clicksPerVendor(rows: ClickReportEntry[]) {
  const byVendor = new Map<
    string,
    { vendorName: string; clicks: number; affiliatedClicks: number }
  >();
  for (const row of rows) {
    const total = byVendor.get(row.vendorId) ?? {
      vendorName: row.vendorName ?? DELETED_VENDOR,
      clicks: 0,
      affiliatedClicks: 0,
    };
    total.clicks += row.clicks;
    total.affiliatedClicks += row.affiliatedClicks;
    byVendor.set(row.vendorId, total);
  }
  return [...byVendor.entries()]
    .map(([vendorId, total]) => ({ vendorId, ...total }))
    .sort((a, b) => b.clicks - a.clicks || a.vendorName.localeCompare(b.vendorName));
}

const DELETED_VENDOR = "(deleted vendor)";

/**
 * A spreadsheet would run a cell starting with =, +, -, @, tab or carriage return as a formula
 * (CSV injection; OWASP): such a cell gets a leading apostrophe.
 */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report as CSV (RFC 4180, CRLF): one line per day and vendor. */
export function clickReportCsv(rows: ClickReportEntry[]): string {
  const lines = [["day", "vendor_id", "vendor", "clicks", "affiliated_clicks"]];
  for (const row of rows) {
    lines.push([
      row.day,
      row.vendorId,
      row.vendorName ?? DELETED_VENDOR,
      String(row.clicks),
      String(row.affiliatedClicks),
    ]);
  }
  return lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
