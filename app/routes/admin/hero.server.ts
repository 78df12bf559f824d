/**
 * The admin hero route's per-intent handlers. The route checks admin rights before calling them;
 * every change is audited with the fields before and after, and empties the page cache.
 */
import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/infra/context.server";
import { recordPublicChange } from "~/.server/data/audit.server";
import {
  getHeroContent,
  upsertHeroContent,
  type HeroContentValues,
} from "~/.server/data/hero.server";
import {
  ImageUploadError,
  storeImageUpload,
  uploadedFile,
} from "~/.server/services/uploads.server";
import { writeFailure } from "~/.server/http/write-errors.server";
import { actionSuccess, failure } from "~/lib/action-result";
import { CONTENT_MESSAGES } from "~/lib/forms/content";
import { invalidForm, formFields } from "~/lib/forms/form-data";
import { heroActionSchema } from "~/lib/forms/hero";

type Admin = Pick<SessionUser, "id" | "email">;
type HeroContext = Pick<AppContext, "db" | "cache" | "logger" | "env">;

const HERO_NAME = "Home page hero";

/** Saves the given hero fields and records them, before and after, in the audit log. */
async function saveHero(app: HeroContext, admin: Admin, values: Partial<HeroContentValues>) {
  const { id: _id, ...before } = await getHeroContent(app.db);
  const id = await upsertHeroContent(app.db, values);
  await recordPublicChange(app, admin, {
    action: "update",
    entity: "hero_content",
    entityId: id,
    name: HERO_NAME,
    before,
    after: { ...before, ...values },
  });
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
      await saveHero(app, admin, { imageUrl: url });
      return actionSuccess(CONTENT_MESSAGES.heroUploaded);
    } catch (error) {
      if (error instanceof ImageUploadError) {
        return failure(error.message, 400, CONTENT_MESSAGES.heroUploadFailed);
      }
      app.logger.error({ err: error }, "hero image upload failed");
      return failure(CONTENT_MESSAGES.heroUploadFailed, 500);
    }
  }

  if (input.intent === "remove-image") {
    await saveHero(app, admin, { imageUrl: null });
    return actionSuccess(CONTENT_MESSAGES.heroImageRemoved);
  }

  const { intent: _intent, ...values } = input;
  try {
    await saveHero(app, admin, values);
  } catch (error) {
    return writeFailure(
      app,
      error,
      "hero update",
      CONTENT_MESSAGES.heroUpdateFailed,
      CONTENT_MESSAGES.heroUpdateFailed,
    );
  }
  return actionSuccess(CONTENT_MESSAGES.heroUpdated);
}
