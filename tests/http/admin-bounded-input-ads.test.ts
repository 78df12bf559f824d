import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAd } from "~/.server/data/ads.server";
import * as schema from "~/.server/db/schema";

import { expectConstraintRefusal } from "../helpers/constraints";
import { createUserWithPassword, signIn } from "../helpers/auth";
import { rowCountsOfAllTables } from "../helpers/row-counts";
import { startTestServer, type FormFields, type TestServer } from "../helpers/server";

let server: TestServer;
let adminCookie: string;
let adId: string;
let userId: string;

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const LONG = "x".repeat(20_000);

const rowCounts = () => rowCountsOfAllTables(server.app.db);

async function storedAds() {
  return server.app.db.select().from(schema.ads).orderBy(schema.ads.id);
}

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
  adId = await createAd(server.app.db, { title: "Bounded Ad", type: "basic" });
  userId = await createUserWithPassword(
    server.app,
    "bounded-user@peptideprices.test",
    "bounded-password",
  );
});
afterAll(async () => {
  await server?.close();
});

const ad = (fields: FormFields): FormFields => ({ intent: "create", title: "An ad", ...fields });
const edit = (fields: FormFields): FormFields => ({
  intent: "update",
  id: adId,
  version: "1",
  title: "An ad",
  ...fields,
});

/** [path, what, fields, a part of the message the answer must name] */
const CASES: [string, string, () => FormFields, RegExp][] = [
  ["/admin/ads", "create: no title", () => ad({ title: "  " }), /Title is required/],
  [
    "/admin/ads",
    "create: an over-long title",
    () => ad({ title: LONG }),
    /Title can be at most 200 characters/,
  ],
  [
    "/admin/ads",
    "create: an over-long description",
    () => ad({ description: LONG }),
    /Description can be at most 10,000 characters/,
  ],
  [
    "/admin/ads",
    "create: an over-long image URL",
    () => ad({ imageUrl: `https://x.test/${LONG}` }),
    /Image URL can be at most 2,048 characters/,
  ],
  [
    "/admin/ads",
    "create: a javascript: link",
    () => ad({ linkUrl: "javascript:alert(1)" }),
    /Enter a full URL/,
  ],
  [
    "/admin/ads",
    "create: an over-long button text",
    () => ad({ ctaText: LONG }),
    /Button text can be at most 64 characters/,
  ],
  ["/admin/ads", "create: an unknown type", () => ad({ type: "popup" }), /Choose an ad type/],
  [
    "/admin/ads",
    "create: an unknown placement",
    () => ad({ placement: "sidebar" }),
    /Choose a placement/,
  ],
  ["/admin/ads", "create: an unknown size", () => ad({ size: "huge" }), /Choose a size/],
  [
    "/admin/ads",
    "create: an overlay colour that escapes CSS",
    () => ad({ type: "overlay", overlayColor: "red;background:url(x)" }),
    /Enter a colour/,
  ],
  [
    "/admin/ads",
    "create: an over-long overlay colour",
    () => ad({ type: "overlay", textColor: LONG }),
    /Text color can be at most 64 characters/,
  ],
  [
    "/admin/ads",
    "create: a media ad without a media URL",
    () => ad({ type: "media" }),
    /A media ad needs a media URL/,
  ],
  [
    "/admin/ads",
    "create: an over-long logo URL",
    () =>
      ad({ type: "media", mediaUrl: "https://x.test/a.mp4", logoUrl: `https://x.test/${LONG}` }),
    /Logo URL can be at most 2,048 characters/,
  ],
  ["/admin/ads", "update: a malformed id", () => edit({ id: "1; drop" }), /Ad not found/],
  ["/admin/ads", "update: an unknown ad", () => edit({ id: UNKNOWN_ID }), /Ad not found/],
  [
    "/admin/ads",
    "update: an over-long title",
    () => edit({ title: LONG }),
    /Title can be at most 200 characters/,
  ],
  ["/admin/ads", "delete: no id", () => ({ intent: "delete" }), /Ad not found/],
  ["/admin/ads", "delete: a malformed id", () => ({ intent: "delete", id: LONG }), /Ad not found/],
  [
    "/admin/ads",
    "delete: an unknown ad",
    () => ({ intent: "delete", id: UNKNOWN_ID }),
    /Ad not found/,
  ],
  [
    "/admin/ads",
    "activate-ads: no selection",
    () => ({ intent: "bulk-ads", operation: "activate", ids: "" }),
    /Select at least one ad/,
  ],
  [
    "/admin/ads",
    "deactivate-ads: a malformed id",
    () => ({ intent: "bulk-ads", operation: "deactivate", ids: `${adId},nope` }),
    /Ad not found/,
  ],
  [
    "/admin/ads",
    "deactivate-ads: an over-long selection",
    () => ({ intent: "bulk-ads", operation: "deactivate", ids: LONG }),
    /Select at most 200 ads at a time/,
  ],
  [
    "/admin/ads",
    "deactivate-ads: an ad deleted meanwhile",
    () => ({ intent: "bulk-ads", operation: "deactivate", ids: `${adId},${UNKNOWN_ID}` }),
    /no longer exist/,
  ],
  [
    "/admin/ads",
    "delete-ads: an ad deleted meanwhile",
    () => ({ intent: "bulk-ads", operation: "delete", ids: `${adId},${UNKNOWN_ID}` }),
    /no longer exist/,
  ],
  ["/admin/ads", "no intent", () => ({ title: "x" }), /Unknown action/],
  ["/admin/ads", "an unknown intent", () => ({ intent: "drop-tables" }), /Unknown action/],
  [
    "/admin/users",
    "add-admin: an over-long e-mail",
    () => ({ intent: "add-admin", email: `${LONG}@x.test` }),
    /Email can be at most 254 characters/,
  ],
  [
    "/admin/users",
    "add-admin: not an e-mail",
    () => ({ intent: "add-admin", email: "nobody" }),
    /Please enter a valid email address/,
  ],
  [
    "/admin/users",
    "add-admin: no e-mail",
    () => ({ intent: "add-admin" }),
    /Please enter a valid email address/,
  ],
  [
    "/admin/users",
    "add-admin: nobody with that e-mail",
    () => ({ intent: "add-admin", email: "ghost@nowhere.test" }),
    /The user must already have an account/,
  ],
  [
    "/admin/users",
    "add-admin: already an admin",
    () => ({ intent: "add-admin", email: "admin@peptideprices.test" }),
    /This user is already an admin/,
  ],
  [
    "/admin/users",
    "toggle-admin: an over-long id",
    () => ({ intent: "toggle-admin", userId: LONG }),
    /User not found/,
  ],
  [
    "/admin/users",
    "toggle-admin: an unknown user",
    () => ({ intent: "toggle-admin", userId: "no-such-user" }),
    /User not found/,
  ],
  [
    "/admin/users",
    "reset-password: no user",
    () => ({ intent: "reset-password" }),
    /User not found/,
  ],
  [
    "/admin/users",
    "reset-password: an unknown user",
    () => ({ intent: "reset-password", userId: "no-such-user" }),
    /User not found/,
  ],
  [
    "/admin/users",
    "remove-admin: an unknown user",
    () => ({ intent: "remove-admin", userId: "no-such-user" }),
    /User not found/,
  ],
  [
    "/admin/users",
    "remove-admin: a user who is not an admin",
    () => ({ intent: "remove-admin", userId }),
    /Failed to update user/,
  ],
  ["/admin/users", "an unknown intent", () => ({ intent: "drop-tables" }), /Unknown action/],
];

describe("bounded ads and users input: a refused post is a 4xx naming the problem, and writes nothing", () => {
  it.each(CASES)("%s %s", async (path, _what, fields, message) => {
    const before = await rowCounts();
    const adsBefore = await storedAds();
    const response = await server.postForm(path, fields(), { cookie: adminCookie });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = await response.text();
    expect(body).toMatch(message);
    expect(body).not.toMatch(/duplicate key|violates|at .*\.js:\d+/);
    expect(await rowCounts()).toEqual(before);
    expect(await storedAds()).toEqual(adsBefore);
  });

  it("a refused save answers with field errors, for the form to show under its fields", async () => {
    const response = await server.postForm("/admin/ads", ad({ title: LONG }), {
      cookie: adminCookie,
    });
    const body = await response.text();
    expect(body).toContain("fieldErrors");
    expect(body).toContain("Title can be at most 200 characters");
  });

  it("the database refuses an over-long ad title even without the form", async () => {
    await expectConstraintRefusal("ads_title_length", () =>
      server.app.db.insert(schema.ads).values({ title: "x".repeat(201) }),
    );
  });
});
