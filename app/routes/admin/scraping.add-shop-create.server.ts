/**
 * The Add-shop page's last step: the vendor and its shop source from a read preview, or the
 * source alone under the vendor the shop already belongs to (services/add-shop.server.ts
 * writes them); this turns the outcome into the page's answer.
 */
import { redirect } from "react-router";

import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { createShopSource as writeShopSource } from "~/.server/services/add-shop.server";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { failure } from "~/lib/action-result";
import type { AddShopAction } from "~/lib/forms/add-shop";

type ShopContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache">;
type Admin = Pick<SessionUser, "id" | "email">;
type CreateForm = Extract<AddShopAction, { intent: "create-shop" | "attach-shop" }>;
type ReadPreview = { id: string; shopUrl: string; kind: string };

export async function createShopSource(
  app: ShopContext,
  admin: Admin,
  preview: ReadPreview,
  form: CreateForm,
) {
  let outcome: Awaited<ReturnType<typeof writeShopSource>>;
  try {
    outcome = await writeShopSource(app, admin, preview, form);
  } catch (error) {
    return writeFailure(app, error, "adding a shop", "Could not create the vendor and its source");
  }
  if (outcome === "vendor-missing") return failure("Vendor not found", 404);
  if ("owners" in outcome)
    return failure(
      `This shop already belongs to ${outcome.owners.join(", ")}: attach to the existing vendor, or tick "Create a second vendor anyway"`,
      409,
    );
  return redirect(`/admin/scraping?q=${encodeURIComponent(outcome.created.vendorName)}`);
}
