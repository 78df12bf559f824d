import { adminOf } from "~/.server/http/admin-guard.server";
import { useLoadErrorToast } from "~/components/admin/form-controls";
import { SectionForm, TAB_LABELS } from "~/components/admin/footer/section-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { CONTENT_MESSAGES } from "~/lib/forms/content";
import { formFields } from "~/lib/forms/form-data";

import type { Route } from "./+types/footer";
import { loadFooterPage, saveFooterSection } from "./footer.server";
import { appOf } from "~/.server/platform/context.server";

export const meta: Route.MetaFunction = () => [{ title: "Footer · Admin · PeptidePrices" }];

export async function loader({ context }: Route.LoaderArgs) {
  return loadFooterPage(appOf(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return saveFooterSection(appOf(context), admin, formFields(await request.formData()));
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
                // Kept mounted while another tab shows, so text typed in one survives a switch.
                <TabsContent
                  key={s.section}
                  value={s.section}
                  forceMount
                  className="pt-4 data-[state=inactive]:hidden"
                >
                  <SectionForm
                    section={s.section}
                    title={s.title}
                    content={s.content}
                    version={s.version}
                  />
                </TabsContent>
              ))}
            </Tabs>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
