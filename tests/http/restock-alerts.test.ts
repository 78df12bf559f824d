import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { priceAlerts, vendorPeptides } from "~/.server/db/schema";

import { createUserWithPassword, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let carol: { id: string; cookie: string };
let offer: { id: string; sizeOptionId: string };
let otherSizeOffer: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  const carolId = await createUserWithPassword(server.app, "carol@example.com", "carol-password");
  carol = { id: carolId, cookie: await signIn(server, "carol@example.com", "carol-password") };
  [offer] = await server.app.db
    .select({ id: vendorPeptides.id, sizeOptionId: vendorPeptides.sizeOptionId })
    .from(vendorPeptides)
    .orderBy(vendorPeptides.id)
    .limit(1);
  [otherSizeOffer] = await server.app.db
    .select({ id: vendorPeptides.id })
    .from(vendorPeptides)
    .where(ne(vendorPeptides.sizeOptionId, offer.sizeOptionId))
    .limit(1);
});
afterAll(async () => {
  await server?.close();
});

const restockAlert = (vendorPeptideId: string) => ({
  intent: "save",
  sizeOptionId: offer.sizeOptionId,
  mode: "restock",
  vendorPeptideId,
  currency: "USD",
  channels: ["email"],
  digest: "immediate",
});

async function carolsAlert() {
  const [row] = await server.app.db
    .select({
      mode: priceAlerts.mode,
      vendorPeptideId: priceAlerts.vendorPeptideId,
      targetPrice: priceAlerts.targetPrice,
      isBelow: priceAlerts.isBelow,
    })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, carol.id), eq(priceAlerts.sizeOptionId, offer.sizeOptionId)));
  return row;
}

describe("/alerts: back-in-stock alerts", () => {
  it("refuses an offer of another size (400) and a malformed one, saving nothing", async () => {
    const wrongSize = await server.postForm("/alerts", restockAlert(otherSizeOffer.id), {
      cookie: carol.cookie,
    });
    expect(wrongSize.status).toBe(400);
    expect(await wrongSize.json()).toMatchObject({
      ok: false,
      error: "That vendor no longer lists this size; choose another or any vendor",
    });
    const malformed = await server.postForm("/alerts", restockAlert("not-an-id"), {
      cookie: carol.cookie,
    });
    expect(malformed.status).toBe(400);
    expect(await carolsAlert()).toBeUndefined();
  });

  it("saves one on an offer of the size without a target, starting from its stock now", async () => {
    await server.app.db
      .update(vendorPeptides)
      .set({ stockStatus: "out_of_stock" })
      .where(eq(vendorPeptides.id, offer.id));
    const response = await server.postForm("/alerts", restockAlert(offer.id), {
      cookie: carol.cookie,
    });
    expect(response.status).toBe(200);
    expect(await carolsAlert()).toEqual({
      mode: "restock",
      vendorPeptideId: offer.id,
      targetPrice: null,
      isBelow: false,
    });

    // Another mode on the size drops the offer: only a back-in-stock alert watches one vendor.
    const below = await server.postForm(
      "/alerts",
      { ...restockAlert(offer.id), mode: "below", targetPrice: "10.00" },
      { cookie: carol.cookie },
    );
    expect(below.status).toBe(200);
    expect(await carolsAlert()).toMatchObject({ mode: "below", vendorPeptideId: null });
  });
});
