import { ImageOff, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";

import { Field } from "~/components/admin/form-controls";
import { PageForm, useSavingPageForm } from "~/components/admin/use-page-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { UploadInput } from "~/components/admin/upload-input";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { HERO_LIMITS } from "~/lib/forms/hero";
import type { HeroContent } from "~/lib/hero";
import {
  ACCEPTED_IMAGE_FORMATS,
  oversizedUploadMessage,
  UPLOAD_LIMIT_MESSAGES,
} from "~/lib/upload-limits";

/** The hero as its editor shows it: the stored content, whether or not a row exists yet. */
export type HeroFormValues = Omit<HeroContent, "id">;

const TEXT_FIELDS = [
  { name: "subtitle", label: "Subtitle" },
  { name: "title", label: "Title" },
  { name: "primaryButtonText", label: "Primary Button Text" },
  { name: "secondaryButtonText", label: "Secondary Button Text" },
] as const;

/** The hero's texts and its image, each saved on its own. */
export function HeroEditor({ hero }: { hero: HeroFormValues }) {
  const { errors: fieldErrors, ...form } = useSavingPageForm({ version: hero.version });
  const { pageForm } = form;
  const imageFetcher = useFetcher<ActionResult>();
  const fileInput = useRef<HTMLInputElement>(null);
  // The server's answer is a toast, as SPEC.md words it ('Failed to upload image' with the
  // reason; an ended session with its sign-in button); only a file refused before posting (too
  // large) is said under the field, so each error is said once.
  useActionToast(imageFetcher.data, () => {
    if (fileInput.current) fileInput.current.value = "";
    // The image was saved over the version the texts show: they save over the new one.
    if (imageFetcher.data?.ok) pageForm.adopt(imageFetcher.data.version);
  });
  const imageBusy = imageFetcher.state !== "idle";
  // A file over the limit is refused here, under the field, rather than posted to a 413.
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const imageErrors = tooLarge ? [tooLarge] : undefined;

  function uploadImage(file: File | undefined) {
    if (!file) return;
    const refusal = oversizedUploadMessage("image", file.size);
    setTooLarge(refusal);
    if (refusal) return;
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
            <PageForm form={form} label="Hero content" intent="save" submitLabel="Save Changes">
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
            </PageForm>
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
            <Field
              id="hero-image"
              label="Upload image"
              hint={`${ACCEPTED_IMAGE_FORMATS}. ${UPLOAD_LIMIT_MESSAGES.image}.`}
              errors={imageErrors}
            >
              <UploadInput
                ref={fileInput}
                id="hero-image"
                kind="image"
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
