/**
 * The admin hero route's per-intent handlers. The route checks admin rights before calling them;
 * every change is audited with the fields before and after, and empties the page cache.
 */
import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { getHeroContent, type HeroContentValues } from "~/.server/data/hero.server";
import { saveHero as saveHeroContent } from "~/.server/services/site-content.server";
import {
  ImageUploadError,
  deleteUnusedUploads,
  storeImageUpload,
  uploadedFile,
} from "~/.server/services/uploads.server";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { actionSuccess, editConflict, failure } from "~/lib/action-result";
import { CONTENT_MESSAGES } from "~/lib/forms/content";
import { invalidForm, formFields } from "~/lib/forms/form-data";
import { heroActionSchema, heroFormValues } from "~/lib/forms/hero";

type Admin = Pick<SessionUser, "id" | "email">;
type HeroContext = Pick<AppContext, "db" | "cache" | "logger" | "env">;

/**
 * Saves the given hero fields (while the hero is still at `version`, when given). Answers the
 * new version, or the 409 of an edit conflict.
 */
async function saveHero(
  app: HeroContext,
  admin: Admin,
  values: Partial<HeroContentValues>,
  version: string | undefined,
): Promise<{ version: string } | ReturnType<typeof editConflict>> {
  const saved = await saveHeroContent(app, admin, values, version);
  if (saved === "changed") {
    // The upload of a save that did not happen is no one's image.
    if (values.imageUrl) await deleteUnusedUploads(app, [values.imageUrl]);
    const current = await getHeroContent(app.db);
    return editConflict(heroFormValues(current), current.version);
  }
  // The image it replaced or removed, once no record names it any more (after the page cache
  // is emptied).
  await deleteUnusedUploads(app, saved.replaced);
  return { version: saved.version };
}

/** The save's answer: its message and the hero's new version, or the edit conflict. */
function answer(saved: Awaited<ReturnType<typeof saveHero>>, message: string) {
  return "version" in saved ? actionSuccess(message, { version: saved.version }) : saved;
}

export async function handleHeroAction(app: HeroContext, admin: Admin, formData: FormData) {
  const parsed = heroActionSchema.safeParse(formFields(formData));
  if (!parsed.success) return invalidForm(parsed.error, CONTENT_MESSAGES.heroUpdateFailed);
  const input = parsed.data;

  if (input.intent === "upload-image") {
    const file = uploadedFile(formData.get("image"));
    if (!file) {
      return failure("Choose an image to upload", 400, CONTENT_MESSAGES.heroUploadFailed);
    }
    try {
      const { url } = await storeImageUpload(app, file, { prefix: "hero" });
      return answer(
        await saveHero(app, admin, { imageUrl: url }, input.version),
        CONTENT_MESSAGES.heroUploaded,
      );
    } catch (error) {
      if (error instanceof ImageUploadError) {
        return failure(error.message, 400, CONTENT_MESSAGES.heroUploadFailed);
      }
      app.logger.error({ err: error }, "hero image upload failed");
      return failure(CONTENT_MESSAGES.heroUploadFailed, 500);
    }
  }

  if (input.intent === "remove-image") {
    return answer(
      await saveHero(app, admin, { imageUrl: null }, input.version),
      CONTENT_MESSAGES.heroImageRemoved,
    );
  }

  const { intent: _intent, version, ...values } = input;
  try {
    return answer(await saveHero(app, admin, values, version), CONTENT_MESSAGES.heroUpdated);
  } catch (error) {
    return writeFailure(
      app,
      error,
      "hero update",
      CONTENT_MESSAGES.heroUpdateFailed,
      CONTENT_MESSAGES.heroUpdateFailed,
    );
  }
}
