import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { upsertOffer } from "~/.server/data/vendor-peptides.server";
import { peptides, savedStacks, sizeOptions, vendors } from "~/.server/db/schema";
import { SAVED_STACKS_PAGE_SIZE } from "~/.server/data/stacks.server";
import { USER_LIST_LIMITS } from "~/lib/constants";
import { formatPrice } from "~/lib/format";
import { STACK_MESSAGES } from "~/lib/forms/stack";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { documentedResponseProblems } from "../helpers/openapi-responses";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };

beforeAll(async () => {
  server = await startTestServer();
  const aliceId = await createUserWithPassword(server.app, "alice@example.com", "alice-password");
  alice = { id: aliceId, cookie: await signIn(server, "alice@example.com", "alice-password") };
  const bobId = await createUserWithPassword(server.app, "bob@example.com", "bob-password-1");
  bob = { id: bobId, cookie: await signIn(server, "bob@example.com", "bob-password-1") };
});
afterAll(async () => {
  await server?.close();
});

const STACK = [
  { peptide: "bpc-157", size: "10mg", quantity: 2 },
  { peptide: "tb-500", size: "5mg", quantity: 1 },
  { peptide: "ipamorelin", size: "5mg", quantity: 3 },
];

function postStack(body: unknown, headers: Record<string, string> = {}) {
  return server.fetch("/api/v1/stack", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

interface Answer {
  total: number;
  currency: string;
  singleVendorBest: { vendor: string; total: number } | null;
  baskets: {
    vendor: string;
    couponCode: string | null;
    items: { peptide: string; size: string; quantity: number; unitPrice: number; packs: number }[];
    subtotal: number;
    discount: number;
    shipping: number;
    total: number;
  }[];
}

const cents = (amount: number) => Math.round(amount * 100);

/** What in a POST /stack answer of 200 the OpenAPI document does not describe. */
const stackAnswerProblems = (answer: unknown) =>
  documentedResponseProblems(server.baseUrl, {
    path: "/stack",
    method: "post",
    status: 200,
    body: answer,
  });

describe("POST /api/v1/stack", () => {
  it("answers the cheapest split in dollars, each basket adding up and the baskets to the total", async () => {
    const response = await postStack({ items: STACK });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const answer = (await response.json()) as Answer;
    expect(answer.currency).toBe("USD");
    expect(answer.baskets.length).toBeGreaterThan(0);

    const bought = answer.baskets.flatMap((basket) => basket.items);
    expect(bought.map((item) => `${item.peptide}:${item.size}:${item.quantity}`).sort()).toEqual(
      STACK.map((item) => `${item.peptide}:${item.size}:${item.quantity}`).sort(),
    );
    for (const basket of answer.baskets) {
      expect(basket.vendor).toMatch(/^[a-z0-9-]+$/);
      const subtotal = basket.items.reduce(
        (sum, item) => sum + cents(item.unitPrice) * item.packs,
        0,
      );
      expect(cents(basket.subtotal)).toBe(subtotal);
      expect(cents(basket.total)).toBe(
        cents(basket.subtotal) - cents(basket.discount) + cents(basket.shipping),
      );
    }
    expect(cents(answer.total)).toBe(
      answer.baskets.reduce((sum, basket) => sum + cents(basket.total), 0),
    );
    if (answer.singleVendorBest) {
      expect(answer.singleVendorBest.total).toBeGreaterThanOrEqual(answer.total);
    }
    expect(stackAnswerProblems(answer)).toEqual([]);
  });

  it("merges repeated items and accepts a size written differently", async () => {
    const response = await postStack({
      items: [
        { peptide: "bpc-157", size: "10 MG", quantity: 1 },
        { peptide: "bpc-157", size: "10mg", quantity: 1 },
      ],
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    const items = answer.baskets.flatMap((basket) => basket.items);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ peptide: "bpc-157", size: "10mg", quantity: 2 });
  });

  it("answers in another currency when asked", async () => {
    const response = await postStack({ items: STACK, currency: "EUR" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Answer).currency).toBe("EUR");
  });

  it("says which peptide it does not know (400)", async () => {
    const response = await postStack({
      items: [...STACK, { peptide: "no-such-peptide", size: "5mg", quantity: 1 }],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Unknown peptide: no-such-peptide" });
  });

  it("says which size it does not know, and the sizes there are (400)", async () => {
    const response = await postStack({ items: [{ peptide: "bpc-157", size: "7mg", quantity: 1 }] });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: string };
    expect(error).toBe("Unknown size 7mg for bpc-157 (sizes: 5mg, 10mg)");
  });

  it.each([
    [{ items: [] }, "items: Add at least one item"],
    [
      { items: [{ peptide: "bpc-157", size: "10mg", quantity: 0 }] },
      "items.0.quantity: Quantity must be a whole number from 1 to 100",
    ],
    [
      { items: [{ peptide: "bpc-157", size: "10mg", quantity: 101 }] },
      "items.0.quantity: Quantity must be a whole number from 1 to 100",
    ],
    [
      { items: [{ peptide: "x".repeat(201), size: "10mg", quantity: 1 }] },
      "items.0.peptide: A peptide slug is at most 200 characters",
    ],
    [{ items: STACK, currency: "XYZ" }, "No exchange rate for XYZ"],
    [{}, "items: Invalid input: expected array, received undefined"],
  ])("refuses %j with a clear 400", async (body, message) => {
    const response = await postStack(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(message);
  });

  it("refuses a body that is not JSON (400) or not declared as JSON (415)", async () => {
    const broken = await postStack("{ items: ");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "The body is not valid JSON" });
    const text = await server.fetch("/api/v1/stack", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ items: STACK }),
    });
    expect(text.status).toBe(415);
  });

  it("answers another site's request (it changes nothing), with CORS for browsers", async () => {
    const response = await postStack({ items: STACK }, { origin: "https://elsewhere.example" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const preflight = await server.fetch("/api/v1/stack", {
      method: "OPTIONS",
      headers: {
        origin: "https://elsewhere.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Content-Type");
  });

  it("still refuses other sites' posts to pages", async () => {
    const response = await server.fetch("/stack", {
      method: "POST",
      headers: { origin: "https://elsewhere.example", cookie: alice.cookie },
      body: new URLSearchParams({ intent: "delete", stackId: crypto.randomUUID() }),
    });
    expect(response.status).toBe(403);
  });
});

describe("/stack page", () => {
  it("shows the same total as the API for a stack in the URL", async () => {
    const api = (await (await postStack({ items: STACK })).json()) as Answer;
    const items = STACK.map((item) => `${item.peptide}:${item.size}:${item.quantity}`).join(",");
    const response = await server.fetch(`/stack?items=${items}`);
    expect(response.status).toBe(200);
    const html = await readHtml(response);
    expect(html).toContain(`data-testid="stack-total">${formatPrice(api.total, "USD")}<`);
  });

  it("turns the quantity form into the stack's URL", async () => {
    const response = await server.fetch(
      "/stack?peptide=bpc-157&size=10mg&quantity=3&peptide=tb-500&size=5mg&quantity=1",
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/stack?items=bpc-157:10mg:3,tb-500:5mg:1");
  });

  it("names an unknown size with a 400", async () => {
    const response = await server.fetch("/stack?items=bpc-157:7mg:1");
    expect(response.status).toBe(400);
    expect(await readHtml(response)).toContain("Unknown size 7mg for bpc-157");
  });
});

describe("a vendor that does not state shipping", () => {
  /** Two peptides of this test's own: one sold by a vendor stating shipping and one not, one only by the latter. */
  async function seedVendors() {
    const [both, only] = await server.app.db
      .insert(peptides)
      .values([
        { name: "Shipwide", slug: "shipwide" },
        { name: "Unstated", slug: "unstated" },
      ])
      .returning({ id: peptides.id });
    const sizes = await server.app.db
      .insert(sizeOptions)
      .values([
        { peptideId: both!.id, quantity: 5, unit: "mg" },
        { peptideId: only!.id, quantity: 5, unit: "mg" },
      ])
      .returning({ id: sizeOptions.id, peptideId: sizeOptions.peptideId });
    const [stated, silent] = await server.app.db
      .insert(vendors)
      .values([
        { name: "Stated Shipping Co", shippingFee: 7.5 },
        { name: "Silent Shipping Co", shippingFee: null },
      ])
      .returning({ id: vendors.id });
    const offer = async (vendorId: string, peptideId: string, price: number) =>
      upsertOffer(server.app.db, {
        vendorId,
        peptideId,
        sizeOptionId: sizes.find((size) => size.peptideId === peptideId)!.id,
        price,
        currency: "USD",
        soldOut: false,
        source: "manual",
      });
    await offer(stated!.id, both!.id, 30);
    await offer(silent!.id, both!.id, 20);
    await offer(silent!.id, only!.id, 40);
  }

  it("is never counted as free: the best split uses the vendor that states it, the other listed apart", async () => {
    await seedVendors();
    const response = await postStack({
      items: [
        { peptide: "shipwide", size: "5mg", quantity: 1 },
        { peptide: "unstated", size: "5mg", quantity: 1 },
      ],
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer & {
      shippingNotStatedVendors: number;
      unknownShippingOption: { total: number; shippingNotStatedVendors: number } | null;
    };
    // Shipwide from the vendor that states shipping (30 + 7.50); Unstated only from the other.
    expect(answer.baskets.map((b) => [b.vendor, b.shipping, b.total])).toEqual([
      ["stated-shipping-co", 7.5, 37.5],
      ["silent-shipping-co", null, 40],
    ]);
    expect(answer.total).toBe(77.5);
    expect(answer.shippingNotStatedVendors).toBe(1);
    expect(answer.unknownShippingOption).toMatchObject({ total: 60, shippingNotStatedVendors: 1 });
    expect(stackAnswerProblems(answer)).toEqual([]);

    const html = await readHtml(await server.fetch("/stack?items=shipwide:5mg:1,unstated:5mg:1"));
    expect(html).toContain(`data-testid="stack-total">${formatPrice(77.5, "USD")}<`);
    expect(html).toContain("+ shipping not stated at 1 vendor");
    expect(html).toContain("Possibly cheaper, with vendors that do not state shipping");
  });
});

describe("saved and shared stacks", () => {
  const items = STACK.map((item) => `${item.peptide}:${item.size}:${item.quantity}`).join(",");

  async function stacksOf(userId: string) {
    return server.app.db
      .select({ id: savedStacks.id, name: savedStacks.name, shareToken: savedStacks.shareToken })
      .from(savedStacks)
      .where(eq(savedStacks.userId, userId));
  }

  it("asks a visitor to log in before saving", async () => {
    const response = await server.postForm("/stack", { intent: "save", name: "Mine", items });
    expect(response.status).toBe(401);
  });

  it("saves a stack, shares it read-only by link, never from a cache, and stops when deleted", async () => {
    const saved = await server.postForm(
      "/stack",
      { intent: "save", name: "Recovery stack", items },
      { cookie: alice.cookie },
    );
    expect(saved.status).toBe(200);
    const [stack] = await stacksOf(alice.id);
    expect(stack).toMatchObject({ name: "Recovery stack" });
    expect(stack!.shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const shared = await server.fetch(`/stack/s/${stack!.shareToken}`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("cache-control")).toBe("private, no-store");
    const html = await readHtml(shared);
    expect(html).toContain("Recovery stack");
    expect(html).toContain("Shared stack (read-only)");
    expect(html).not.toContain('name="intent"');

    // Someone else cannot delete it.
    const refused = await server.postForm(
      "/stack",
      { intent: "delete", stackId: stack!.id },
      { cookie: bob.cookie },
    );
    expect(refused.status).toBe(404);

    const deleted = await server.postForm(
      "/stack",
      { intent: "delete", stackId: stack!.id },
      { cookie: alice.cookie },
    );
    expect(deleted.status).toBe(200);
    expect((await server.fetch(`/stack/s/${stack!.shareToken}`)).status).toBe(404);
  });

  it("refuses a name that is too long and a stack with unknown items", async () => {
    const long = await server.postForm(
      "/stack",
      { intent: "save", name: "x".repeat(81), items },
      { cookie: bob.cookie },
    );
    expect(long.status).toBe(400);
    const unknown = await server.postForm(
      "/stack",
      { intent: "save", name: "Bad", items: "no-such-peptide:5mg:1" },
      { cookie: bob.cookie },
    );
    expect(unknown.status).toBe(400);
    expect(await stacksOf(bob.id)).toEqual([]);
  });

  it("answers an unknown share link with 404", async () => {
    expect((await server.fetch(`/stack/s/${"a".repeat(32)}`)).status).toBe(404);
  });

  it("keeps at most the per-user limit of saved stacks, and pages them on /stack", async () => {
    const carolId = await createUserWithPassword(server.app, "carol@example.com", "carol-password");
    const carol = await signIn(server, "carol@example.com", "carol-password");
    const limit = USER_LIST_LIMITS.savedStacks;
    // Named by age: "Stack 1" the oldest, so the newest comes first on the page.
    await server.app.db.insert(savedStacks).values(
      Array.from({ length: limit }, (_, index) => ({
        userId: carolId,
        name: `Stack ${index + 1}`,
        items: STACK,
        shareToken: `limit-test-token-${String(index).padStart(16, "0")}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      })),
    );
    const refused = await server.postForm(
      "/stack",
      { intent: "save", name: "One too many", items },
      { cookie: carol },
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(STACK_MESSAGES.full);
    expect(await stacksOf(carolId)).toHaveLength(limit);

    const pages = Math.ceil(limit / SAVED_STACKS_PAGE_SIZE);
    const first = await readHtml(await server.fetch("/stack", { headers: { cookie: carol } }));
    expect(first.match(/data-testid="saved-stack"/g)).toHaveLength(SAVED_STACKS_PAGE_SIZE);
    expect(first).toContain(`Stack ${limit}<`);
    expect(first).toContain(`Page 1 of ${pages}`);
    const last = await readHtml(
      await server.fetch(`/stack?savedPage=${pages}`, { headers: { cookie: carol } }),
    );
    expect(last).toContain("Stack 1<");
    expect(last).not.toContain(`Stack ${limit}<`);

    // Deleting one makes room again.
    const [oldest] = (await stacksOf(carolId)).filter((stack) => stack.name === "Stack 1");
    await server.postForm("/stack", { intent: "delete", stackId: oldest!.id }, { cookie: carol });
    const saved = await server.postForm(
      "/stack",
      { intent: "save", name: "Room again", items },
      { cookie: carol },
    );
    expect(saved.status).toBe(200);
  });
});
