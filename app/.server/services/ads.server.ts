/**
 * Saving ads and switching them on or off: each write and its audit entries commit together,
 * then the page cache is emptied. The admin handler parses the form (and stores an uploaded
 * image first) and turns the outcome into its answer.
 */
import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import { createAd, getAdById, setAdsActive, updateAd, type AdValues } from "../data/ads.server";
import { commitPublicChange } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type App = Pick<AppContext, "db" | "cache">;

/**
 * Creates an ad, or updates `edit.id` while it is still at `edit.version`. `replaced`: the
 * stored images the update stopped using, for the handler to delete once committed.
 */
export async function saveAd(
  app: App,
  admin: Admin,
  values: AdValues,
  edit?: { id: string; version: string },
): Promise<{ saved: string; replaced: string[] } | "missing" | "changed"> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    let id: string;
    let before: Awaited<ReturnType<typeof getAdById>> = null;
    if (edit) {
      before = await getAdById(tx, edit.id);
      if (!before) return "missing";
      const outcome = await updateAd(tx, edit.id, edit.version, values);
      if (outcome !== "updated") return outcome;
      id = edit.id;
    } else {
      id = await createAd(tx, values);
    }
    const after = await getAdById(tx, id);
    audit({
      action: edit ? "update" : "create",
      entity: "ads",
      entityId: id,
      name: values.title,
      before: before && withoutVersion(before),
      after: after && withoutVersion(after),
    });
    const kept = [values.imageUrl, values.mediaUrl, values.logoUrl];
    const replaced = before
      ? [before.imageUrl, before.mediaUrl, before.logoUrl].filter(
          (url): url is string => url !== null && !kept.includes(url),
        )
      : [];
    return { saved: id, replaced };
  });
}

/** A row's fields as the audit log records them: the version is no field anyone edits. */
function withoutVersion<T extends { version: string }>({ version: _version, ...fields }: T) {
  return fields;
}

/** Switches the given ads (as the bulk action found them) on or off, each audited when it changes. */
export async function switchAds(
  app: App,
  admin: Admin,
  found: readonly { id: string; title: string; active: boolean }[],
  active: boolean,
): Promise<void> {
  await commitPublicChange(app, admin, async (tx, audit) => {
    await setAdsActive(
      tx,
      found.map((ad) => ad.id),
      active,
    );
    audit(
      ...found
        .filter((ad) => ad.active !== active)
        .map((ad) => ({
          action: "update" as const,
          entity: "ads",
          entityId: ad.id,
          name: ad.title,
          before: { active: ad.active },
          after: { active },
        })),
    );
  });
}
