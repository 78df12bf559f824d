import { Bold, Italic, Link2, List, ListOrdered, Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";

import { requireAdmin } from "~/.server/auth.server";
import { recordPublicChange } from "~/.server/data/audit.server";
import { getFooterSections, upsertFooterSection } from "~/.server/data/footer.server";
import { writeFailure } from "~/.server/write-errors.server";
import { actionSuccess, type ActionResult } from "~/lib/action-result";
import { invalidForm, formFields } from "~/lib/forms/form-data";
import { Field, useLoadErrorToast } from "~/components/admin/form-controls";
import { FOOTER_UPDATED_EVENT } from "~/components/site-footer";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useActionToast } from "~/hooks/use-action-toast";
import type { FooterSection } from "~/lib/constants";
import { CONTENT_MESSAGES, footerFormSchema } from "~/lib/forms/content";

import type { Route } from "./+types/footer";

export const meta: Route.MetaFunction = () => [{ title: "Footer · Admin · PeptidePrices" }];

const TAB_LABELS: Record<FooterSection, string> = {
  about: "About",
  vendors: "Vendors",
  legal: "Legal",
  contact: "Contact",
  copyright: "Copyright",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.app, request);
  try {
    const sections = await getFooterSections(context.app.db);
    return { sections, loadFailed: false };
  } catch (error) {
    context.app.logger.error({ err: error }, "loading the footer content failed");
    return { sections: [], loadFailed: true };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.app, request);
  const { app } = context;
  const parsed = footerFormSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return invalidForm(parsed.error);
  const { section, title, content } = parsed.data;
  try {
    await upsertFooterSection(app.db, { section, title, content });
  } catch (error) {
    return writeFailure(app, error, "footer update", CONTENT_MESSAGES.footerUpdateFailed);
  }
  await recordPublicChange(app, admin, {
    action: "update",
    entity: "footer_content",
    entityId: section,
    details: { title },
  });
  return actionSuccess(CONTENT_MESSAGES.footerUpdated);
}

const TOOLBAR = [
  { command: "bold", label: "Bold", icon: Bold },
  { command: "italic", label: "Italic", icon: Italic },
  { command: "insertUnorderedList", label: "Bulleted list", icon: List },
  { command: "insertOrderedList", label: "Numbered list", icon: ListOrdered },
] as const;

/**
 * A small rich-text editor: contentEditable with bold, italic, link and list buttons. Whatever
 * HTML it produces, the server keeps only the footer allowlist.
 */
function RichTextEditor({
  id,
  name,
  labelId,
  initialHtml,
}: {
  id: string;
  name: string;
  labelId: string;
  initialHtml: string;
}) {
  const editor = useRef<HTMLDivElement>(null);
  const [html, setHtml] = useState(initialHtml);

  useEffect(() => {
    if (editor.current) editor.current.innerHTML = initialHtml;
    setHtml(initialHtml);
  }, [initialHtml]);

  function run(command: string, value?: string) {
    editor.current?.focus();
    // execCommand is deprecated but still the only built-in way to format a selection.
    document.execCommand(command, false, value);
    setHtml(editor.current?.innerHTML ?? "");
  }

  function addLink() {
    const url = window.prompt("Link address (https://… or mailto:…)");
    if (url && /^(https?:\/\/|mailto:)\S+$/i.test(url.trim())) run("createLink", url.trim());
    else if (url)
      toast.error("Error", { description: "Links must start with https://, http:// or mailto:" });
  }

  return (
    <div className="rounded-md border focus-within:ring-[3px] focus-within:ring-ring/50">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b p-1">
        {TOOLBAR.map(({ command, label, icon: Icon }) => (
          <Button
            key={command}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={label}
            title={label}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(command)}
          >
            <Icon className="size-4" aria-hidden />
          </Button>
        ))}
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Link"
          title="Link"
          onMouseDown={(event) => event.preventDefault()}
          onClick={addLink}
        >
          <Link2 className="size-4" aria-hidden />
        </Button>
      </div>
      <div
        ref={editor}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        contentEditable
        suppressContentEditableWarning
        className="min-h-40 space-y-2 px-3 py-2 text-sm outline-none [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
        onFocus={() => document.execCommand("defaultParagraphSeparator", false, "p")}
        onInput={(event) => setHtml(event.currentTarget.innerHTML)}
      />
      <input type="hidden" name={name} value={html} />
    </div>
  );
}

function SectionForm({
  section,
  title,
  content,
}: {
  section: FooterSection;
  title: string;
  content: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, () => window.dispatchEvent(new Event(FOOTER_UPDATED_EVENT)));
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      className="grid gap-4"
      aria-label={`${TAB_LABELS[section]} section`}
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="section" value={section} />
      <Field id={`footer-${section}-title`} label="Title">
        <Input
          id={`footer-${section}-title`}
          name="title"
          defaultValue={title}
          required
          maxLength={200}
        />
      </Field>
      <div className="grid gap-1.5">
        <span id={`footer-${section}-content-label`} className="text-sm font-medium">
          Content
        </span>
        <RichTextEditor
          id={`footer-${section}-content`}
          name="content"
          labelId={`footer-${section}-content-label`}
          initialHtml={content}
        />
        <p className="text-xs text-muted-foreground">
          Paragraphs, bold, italic, lists and links (http, https, mailto) are kept; anything else is
          removed on save.
        </p>
      </div>
      <Button type="submit" disabled={saving} className="w-fit">
        {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        Save {TAB_LABELS[section]}
      </Button>
    </fetcher.Form>
  );
}

export default function AdminFooter({ loaderData }: Route.ComponentProps) {
  const { sections, loadFailed } = loaderData;
  useLoadErrorToast(loadFailed ? CONTENT_MESSAGES.footerLoadFailed : null);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Footer</h1>
        <p className="text-sm text-muted-foreground">
          The sections of the footer on every public page.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Footer Content</CardTitle>
          <CardDescription>Each section has a title and its text.</CardDescription>
        </CardHeader>
        <CardContent>
          {loadFailed ? (
            <p className="text-sm text-destructive">{CONTENT_MESSAGES.footerLoadFailed}</p>
          ) : (
            <Tabs defaultValue="about">
              <TabsList className="flex h-auto flex-wrap">
                {sections.map((s) => (
                  <TabsTrigger key={s.section} value={s.section}>
                    {TAB_LABELS[s.section]}
                  </TabsTrigger>
                ))}
              </TabsList>
              {sections.map((s) => (
                <TabsContent key={s.section} value={s.section} className="pt-4">
                  <SectionForm section={s.section} title={s.title} content={s.content} />
                </TabsContent>
              ))}
            </Tabs>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
