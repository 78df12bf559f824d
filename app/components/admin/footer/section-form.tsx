import { Field } from "~/components/admin/form-controls";
import { PageForm, useSavingPageForm } from "~/components/admin/use-page-form";
import { FOOTER_UPDATED_EVENT } from "~/components/site-footer";
import { ErrorList } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FooterSection } from "~/lib/constants";
import { FOOTER_LIMITS } from "~/lib/forms/footer";

import { RichTextEditor } from "./rich-text-editor";

export const TAB_LABELS: Record<FooterSection, string> = {
  about: "About",
  vendors: "Vendors",
  legal: "Legal",
  contact: "Contact",
  copyright: "Copyright",
  disclosure: "Affiliate disclosure",
};

/** One footer section's title and rich text; errors show under each field. */
export function SectionForm({
  section,
  title,
  content,
  version,
}: {
  section: FooterSection;
  title: string;
  content: string;
  /** The section's version: a save after someone else's answers 409 (~/lib/edit-conflict). */
  version: string;
}) {
  const { errors, ...form } = useSavingPageForm({
    version,
    onSaved: () => window.dispatchEvent(new Event(FOOTER_UPDATED_EVENT)),
  });
  return (
    <PageForm
      form={form}
      label={`${TAB_LABELS[section]} section`}
      intent="save"
      submitLabel={`Save ${TAB_LABELS[section]}`}
    >
      <input type="hidden" name="section" value={section} />
      <Field id={`footer-${section}-title`} label="Title" errors={errors?.title}>
        <Input name="title" defaultValue={title} required maxLength={FOOTER_LIMITS.title} />
      </Field>
      <div className="grid gap-1.5">
        <span id={`footer-${section}-content-label`} className="text-sm font-medium">
          Content
        </span>
        <RichTextEditor
          id={`footer-${section}-content`}
          name="content"
          labelId={`footer-${section}-content-label`}
          describedBy={errors?.content ? `footer-${section}-content-error` : undefined}
          initialHtml={content}
        />
        <p className="text-xs text-muted-foreground">
          Paragraphs, bold, italic, lists and links (http, https, mailto) are kept; anything else is
          removed on save.
        </p>
        <ErrorList id={`footer-${section}-content-error`} errors={errors?.content} />
      </div>
    </PageForm>
  );
}
