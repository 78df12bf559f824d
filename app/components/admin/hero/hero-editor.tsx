import { ImageOff, Loader2, Upload } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";

import { Field } from "~/components/admin/form-controls";
import { usePageForm } from "~/components/admin/use-page-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { HERO_LIMITS } from "~/lib/forms/hero";

export interface HeroFormValues {
  title: string;
  subtitle: string | null;
  description: string | null;
  primaryButtonText: string | null;
  secondaryButtonText: string | null;
  imageUrl: string | null;
  /** The hero's version: a save after someone else's answers 409 (~/lib/edit-conflict). */
  version: string;
}

const TEXT_FIELDS = [
  { name: "subtitle", label: "Subtitle" },
  { name: "title", label: "Title" },
  { name: "primaryButtonText", label: "Primary Button Text" },
  { name: "secondaryButtonText", label: "Secondary Button Text" },
] as const;

/** The hero's texts and its image, each saved on its own. */
export function HeroEditor({ hero }: { hero: HeroFormValues }) {
  const saveFetcher = useFetcher<ActionResult>();
  const imageFetcher = useFetcher<ActionResult>();
  const fileInput = useRef<HTMLInputElement>(null);
  const pageForm = usePageForm(saveFetcher.data, { version: hero.version });
  useActionToast(saveFetcher.data, pageForm.markSaved);
  useActionToast(imageFetcher.data, () => {
    if (fileInput.current) fileInput.current.value = "";
    // The image was saved over the version the texts show: they save over the new one.
    if (imageFetcher.data?.ok) pageForm.adopt(imageFetcher.data.version);
  });
  const saving = saveFetcher.state !== "idle";
  const imageBusy = imageFetcher.state !== "idle";
  const fieldErrors =
    saveFetcher.data && !saveFetcher.data.ok ? saveFetcher.data.fieldErrors : undefined;

  function uploadImage(file: File | undefined) {
    if (!file) return;
    const formData = new FormData();
    formData.set("intent", "upload-image");
    formData.set("version", pageForm.currentVersion() ?? "");
    formData.set("image", file);
    void imageFetcher.submit(formData, { method: "post", encType: "multipart/form-data" });
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Hero</h1>
        <p className="text-sm text-muted-foreground">The banner at the top of the home page.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <Card>
          <CardHeader>
            <CardTitle>Hero Content</CardTitle>
            <CardDescription>
              Changes show on the home page as soon as they are saved.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <saveFetcher.Form
              ref={pageForm.ref}
              method="post"
              className="grid gap-4"
              aria-label="Hero content"
              onInput={pageForm.onEdit}
              onChange={pageForm.onEdit}
            >
              {pageForm.notices}
              <input type="hidden" name="intent" value="save" />
              {TEXT_FIELDS.map(({ name, label }) => (
                <Field key={name} id={`hero-${name}`} label={label} errors={fieldErrors?.[name]}>
                  <Input
                    name={name}
                    defaultValue={hero[name] ?? ""}
                    required={name === "title"}
                    maxLength={HERO_LIMITS[name]}
                  />
                </Field>
              ))}
              <Field id="hero-description" label="Description" errors={fieldErrors?.description}>
                <Textarea
                  name="description"
                  rows={3}
                  maxLength={HERO_LIMITS.description}
                  defaultValue={hero.description ?? ""}
                />
              </Field>
              <Button type="submit" disabled={saving} className="w-fit">
                {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                Save Changes
              </Button>
            </saveFetcher.Form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Hero Image</CardTitle>
            <CardDescription>Image files only; recommended size 800x600 or larger.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {hero.imageUrl ? (
              <img
                src={hero.imageUrl}
                alt="Current hero image"
                className="aspect-[4/3] w-full rounded-md border object-cover"
              />
            ) : (
              <div className="flex aspect-[4/3] w-full items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">
                No image: the default image is shown
              </div>
            )}
            <Field id="hero-image" label="Upload image">
              <Input
                ref={fileInput}
                id="hero-image"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                disabled={imageBusy}
                onChange={(event) => uploadImage(event.currentTarget.files?.[0])}
              />
            </Field>
            <div className="flex flex-wrap gap-2">
              {imageBusy ? (
                <span
                  className="flex items-center gap-2 text-sm text-muted-foreground"
                  role="status"
                >
                  <Upload className="size-4 animate-pulse" aria-hidden /> Working…
                </span>
              ) : null}
              {hero.imageUrl ? (
                <Button
                  type="button"
                  variant="outline"
                  disabled={imageBusy}
                  onClick={() =>
                    void imageFetcher.submit(
                      { intent: "remove-image", version: pageForm.currentVersion() ?? "" },
                      { method: "post" },
                    )
                  }
                >
                  <ImageOff className="size-4" aria-hidden />
                  Remove Image
                </Button>
              ) : null}
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
