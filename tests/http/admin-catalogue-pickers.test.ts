import { describe, expect, it } from "vitest";

import { startAdminHttp } from "../helpers/admin-http";
import { readHtml } from "../helpers/auth";

const admin = startAdminHttp();

type Options = { options: { id: string; label: string }[] };

async function options(path: string): Promise<Options> {
  const response = await admin.server.fetch(path, { headers: { cookie: admin.adminCookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  return (await response.json()) as Options;
}

describe("the admin catalogue pickers' resource route", () => {
  it("answers peptides and vendors matching the text, those starting with it first", async () => {
    const bpc = await options("/admin/options/peptides?q=bpc");
    expect(bpc.options.length).toBeGreaterThan(0);
    expect(bpc.options[0]!.label).toBe("BPC-157");
    for (const option of bpc.options) expect(option.label.toLowerCase()).toContain("bpc");

    const all = await options("/admin/options/peptides?q=");
    expect(all.options.length).toBeGreaterThan(5);
    expect(all.options.length).toBeLessThanOrEqual(20);

    const vendors = await options("/admin/options/vendors?q=");
    expect(vendors.options.length).toBeGreaterThan(0);
    const first = vendors.options[0]!;
    const found = await options(`/admin/options/vendors?q=${encodeURIComponent(first.label)}`);
    expect(found.options[0]).toEqual(first);
    expect((await options("/admin/options/vendors?q=%25")).options).toEqual([]);
  });

  it("refuses visitors, unknown pickers and overlong text", async () => {
    expect((await admin.server.fetch("/admin/options/peptides?q=bpc")).status).toBe(403);
    const unknown = await admin.server.fetch("/admin/options/users?q=a", {
      headers: { cookie: admin.adminCookie },
    });
    expect(unknown.status).toBe(400);
    const long = await admin.server.fetch(`/admin/options/peptides?q=${"a".repeat(101)}`, {
      headers: { cookie: admin.adminCookie },
    });
    expect(long.status).toBe(400);
  });

  it("leaves the catalogue out of the prices page and shows the filtered peptide's name", async () => {
    const [bpc] = (await options("/admin/options/peptides?q=bpc-157")).options;
    const response = await admin.server.fetch(`/admin/prices?peptide=${bpc!.id}`, {
      headers: { cookie: admin.adminCookie },
    });
    const html = await readHtml(response);
    expect(html).toMatch(/role="combobox"[^>]*value="BPC-157"|value="BPC-157"[^>]*role="combobox"/);
    expect(html).toContain(`name="peptide" value="${bpc!.id}"`);
    // Only the small fixed selects (stock, status, currency, rows per page) remain: no option
    // names a catalogue row by its id.
    expect(html).not.toContain(`<option value="${bpc!.id}"`);
    expect(html).not.toMatch(/<option value="[0-9a-f]{8}-[0-9a-f]{4}-/);
    // The budget of issue 21 (npm run bench:admin measures it at 2,000 peptides).
    expect(Buffer.byteLength(html)).toBeLessThan(150 * 1024);
  });
});
