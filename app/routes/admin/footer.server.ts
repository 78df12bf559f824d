/**
 * The admin footer route's loader data and its save handler. The route checks admin rights
 * before calling them; a save is audited with the section's fields before and after.
 */
import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/infra/context.server";
import { recordPublicChange } from "~/.server/data/audit.server";
import { getFooterSections, upsertFooterSection } from "~/.server/data/footer.server";
import { writeFailure } from "~/.server/http/write-errors.server";
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
  let newVersion: string;
  try {
    const stored = (await getFooterSections(app.db)).find((s) => s.section === section);
    const outcome = await upsertFooterSection(app.db, { section, title, content }, version);
    const saved = (await getFooterSections(app.db)).find((s) => s.section === section)!;
    if (outcome === "changed") return editConflict(footerFormValues(saved), saved.version);
    newVersion = outcome.version;
    await recordPublicChange(app, admin, {
      action: "update",
      entity: "footer_content",
      entityId: section,
      name: `Footer: ${title}`,
      before: stored ? { title: stored.title, content: stored.content } : null,
      after: saved ? { title: saved.title, content: saved.content } : { title, content },
    });
  } catch (error) {
    return writeFailure(app, error, "footer update", CONTENT_MESSAGES.footerUpdateFailed);
  }
  return actionSuccess(CONTENT_MESSAGES.footerUpdated, { version: newVersion });
}
