/**
 * The admin footer route's loader data and its save handler. The route checks admin rights
 * before calling them; a save is audited with the section's fields before and after.
 */
import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { getFooterSections } from "~/.server/data/footer.server";
import { saveFooterSection as saveSection } from "~/.server/services/site-content.server";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { actionSuccess, editConflict } from "~/lib/action-result";
import { CONTENT_MESSAGES } from "~/lib/forms/content";
import { footerFormSchema, footerFormValues } from "~/lib/forms/footer";
import { invalidForm } from "~/lib/forms/form-data";

type Admin = Pick<SessionUser, "id" | "email">;

export async function loadFooterPage(app: Pick<AppContext, "db" | "logger">) {
  try {
    return { sections: await getFooterSections(app.db), loadFailed: false };
  } catch (error) {
    app.logger.error({ err: error }, "loading the footer content failed");
    return { sections: [], loadFailed: true };
  }
}

export async function saveFooterSection(
  app: Pick<AppContext, "db" | "cache" | "logger">,
  admin: Admin,
  fields: Record<string, string>,
) {
  const parsed = footerFormSchema.safeParse(fields);
  if (!parsed.success) return invalidForm(parsed.error, CONTENT_MESSAGES.footerUpdateFailed);
  const { section, title, content, version } = parsed.data;
  let outcome: Awaited<ReturnType<typeof saveSection>>;
  try {
    outcome = await saveSection(app, admin, { section, title, content }, version);
  } catch (error) {
    return writeFailure(app, error, "footer update", CONTENT_MESSAGES.footerUpdateFailed);
  }
  if (outcome === "changed") {
    const saved = (await getFooterSections(app.db)).find((s) => s.section === section)!;
    return editConflict(footerFormValues(saved), saved.version);
  }
  return actionSuccess(CONTENT_MESSAGES.footerUpdated, { version: outcome.version });
}
