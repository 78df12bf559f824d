import { Loader2, Plus } from "lucide-react";
import { useState, type ChangeEvent } from "react";
import { useFetcher } from "react-router";

import { requireAdmin } from "~/.server/auth.server";
import { createAd, deleteAd, getAllAds, updateAd, type Ad } from "~/.server/data/ads.server";
import { recordPublicChange } from "~/.server/data/audit.server";
import { ImageUploadError, storeImageUpload, uploadedFile } from "~/.server/uploads.server";
import { failure, actionSuccess, type ActionResult } from "~/lib/action-result";
import { invalidForm, formFields } from "~/lib/forms/form-data";
import { ConfirmDeleteButton, useFetcherToast } from "~/components/admin/confirm-delete-button";
import { Field, NativeSelect } from "~/components/admin/form-controls";
import { EditButton } from "~/components/admin/row-actions";
import { AdCard } from "~/components/ad-slot";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { useActionToast } from "~/hooks/use-action-toast";
import {
  AD_MEDIA_TYPES,
  AD_OVERLAY_POSITIONS,
  AD_PLACEMENTS,
  AD_SIZES,
  AD_TYPES,
} from "~/lib/constants";
import {
  AD_DEFAULTS,
  adFormSchema,
  adIdSchema,
  adIntentSchema,
  CONTENT_MESSAGES,
} from "~/lib/forms/content";
import { cn } from "~/lib/utils";

import type { Route } from "./+types/ads";

export const meta: Route.MetaFunction = () => [{ title: "Ads · Admin · PeptidePrices" }];

const DELETE_FETCHER_KEY = "ad-delete";

const TYPE_LABELS: Record<(typeof AD_TYPES)[number], string> = {
  basic: "Basic",
  overlay: "Overlay",
  media: "Media",
};
const PLACEMENT_LABELS: Record<(typeof AD_PLACEMENTS)[number], string> = {
  homepage: "Homepage",
  category_page: "Category page",
  comparison_page: "Comparison page",
};
const SIZE_LABELS: Record<(typeof AD_SIZES)[number], string> = {
  full: "Full width",
  half: "Half (2 cards)",
  single: "Single (1 card)",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.app, request);
  return { ads: await getAllAds(context.app.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.app, request);
  const { app } = context;
  const formData = await request.formData();
  const fields = formFields(formData);
  const intent = adIntentSchema.safeParse(fields.intent);
  if (!intent.success) return failure("Unknown action", 400);

  if (intent.data === "delete") {
    const id = adIdSchema.safeParse(fields);
    if (!id.success) return invalidForm(id.error, CONTENT_MESSAGES.adSaveFailed);
    if (!(await deleteAd(app.db, id.data.id))) {
      return failure(CONTENT_MESSAGES.adNotFound, 404);
    }
    await recordPublicChange(app, admin, { action: "delete", entity: "ads", entityId: id.data.id });
    return actionSuccess(CONTENT_MESSAGES.adDeleted);
  }

  const parsed = adFormSchema.safeParse(fields);
  if (!parsed.success) return invalidForm(parsed.error, CONTENT_MESSAGES.adSaveFailed);
  const values = parsed.data;
  const editId = intent.data === "update" ? adIdSchema.safeParse(fields) : null;
  if (editId && !editId.success) return invalidForm(editId.error, CONTENT_MESSAGES.adSaveFailed);

  const image = uploadedFile(formData.get("imageFile"));
  if (image) {
    try {
      values.imageUrl = (await storeImageUpload(app, image, { prefix: "ad" })).url;
    } catch (error) {
      if (!(error instanceof ImageUploadError)) throw error;
      return failure(error.message, 400, CONTENT_MESSAGES.heroUploadFailed);
    }
  }

  if (editId) {
    if (!(await updateAd(app.db, editId.data.id, values))) {
      return failure(CONTENT_MESSAGES.adNotFound, 404);
    }
    await recordPublicChange(app, admin, {
      action: "update",
      entity: "ads",
      entityId: editId.data.id,
      details: { title: values.title },
    });
    return actionSuccess(CONTENT_MESSAGES.adUpdated);
  }
  const id = await createAd(app.db, values);
  await recordPublicChange(app, admin, {
    action: "create",
    entity: "ads",
    entityId: id,
    details: { title: values.title },
  });
  return actionSuccess(CONTENT_MESSAGES.adCreated);
}

type AdDraft = Omit<Ad, "id">;

const EMPTY_DRAFT: AdDraft = {
  type: AD_DEFAULTS.type,
  title: "",
  description: null,
  imageUrl: null,
  linkUrl: null,
  ctaText: AD_DEFAULTS.ctaText,
  active: AD_DEFAULTS.active,
  placement: AD_DEFAULTS.placement,
  size: AD_DEFAULTS.size,
  overlayPosition: AD_DEFAULTS.overlayPosition,
  overlayColor: AD_DEFAULTS.overlayColor,
  textColor: AD_DEFAULTS.textColor,
  mediaUrl: null,
  mediaType: AD_DEFAULTS.mediaType,
  logoUrl: null,
};

function draftOf(ad: Ad): AdDraft {
  return {
    ...ad,
    overlayPosition: ad.overlayPosition ?? AD_DEFAULTS.overlayPosition,
    overlayColor: ad.overlayColor ?? AD_DEFAULTS.overlayColor,
    textColor: ad.textColor ?? AD_DEFAULTS.textColor,
    mediaType: ad.mediaType ?? AD_DEFAULTS.mediaType,
  };
}

function AdForm({
  ad,
  onSaved,
  onCancel,
}: {
  ad: Ad | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const [draft, setDraft] = useState<AdDraft>(() => (ad ? draftOf(ad) : EMPTY_DRAFT));
  useActionToast(fetcher.data, onSaved);
  const saving = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const prefix = ad ? `ad-${ad.id}` : "ad-new";

  const set =
    <K extends keyof AdDraft>(key: K) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setDraft((current) => ({ ...current, [key]: event.target.value || null }));

  const text = (
    key: keyof AdDraft,
    label: string,
    options: { type?: string; placeholder?: string } = {},
  ) => (
    <Field id={`${prefix}-${key}`} label={label}>
      <Input
        id={`${prefix}-${key}`}
        name={key}
        type={options.type ?? "text"}
        placeholder={options.placeholder}
        value={(draft[key] as string | null) ?? ""}
        onChange={set(key)}
        aria-invalid={errors?.[key] ? true : undefined}
      />
      {errors?.[key] ? <p className="text-sm text-destructive">{errors[key][0]}</p> : null}
    </Field>
  );

  const select = <T extends string>(
    key: keyof AdDraft,
    label: string,
    values: readonly T[],
    labels?: Record<T, string>,
  ) => (
    <Field id={`${prefix}-${key}`} label={label}>
      <NativeSelect
        id={`${prefix}-${key}`}
        name={key}
        value={(draft[key] as string) ?? values[0]}
        onChange={set(key)}
      >
        {values.map((value) => (
          <option key={value} value={value}>
            {labels?.[value] ?? value}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-4"
        aria-label={ad ? "Edit ad" : "Create ad"}
      >
        <input type="hidden" name="intent" value={ad ? "update" : "create"} />
        {ad ? <input type="hidden" name="id" value={ad.id} /> : null}
        {select("type", "Type", AD_TYPES, TYPE_LABELS)}
        {text("title", "Title")}
        <Field id={`${prefix}-description`} label="Description">
          <Textarea
            id={`${prefix}-description`}
            name="description"
            rows={3}
            value={draft.description ?? ""}
            onChange={set("description")}
          />
        </Field>
        {text("imageUrl", "Image URL", { placeholder: "https://… or upload below" })}
        <Field
          id={`${prefix}-imageFile`}
          label="Or upload an image"
          hint="JPEG, PNG or WebP, at most 5 MB."
        >
          <Input
            id={`${prefix}-imageFile`}
            name="imageFile"
            type="file"
            accept="image/jpeg,image/png,image/webp"
          />
        </Field>
        {text("linkUrl", "Link URL", { placeholder: "https://…" })}
        {text("ctaText", "Button Text")}
        <div className="grid gap-4 sm:grid-cols-2">
          {select("placement", "Placement", AD_PLACEMENTS, PLACEMENT_LABELS)}
          {select("size", "Size", AD_SIZES, SIZE_LABELS)}
        </div>
        {draft.type === "overlay" ? (
          <fieldset className="grid gap-4 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Overlay</legend>
            {select("overlayPosition", "Overlay Position", AD_OVERLAY_POSITIONS)}
            <div className="grid gap-4 sm:grid-cols-2">
              {text("overlayColor", "Overlay Color")}
              {text("textColor", "Text Color")}
            </div>
          </fieldset>
        ) : null}
        {draft.type === "media" ? (
          <fieldset className="grid gap-4 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Media</legend>
            {text("mediaUrl", "Media URL", { placeholder: "https://…" })}
            {select("mediaType", "Media Type", AD_MEDIA_TYPES)}
            {text("logoUrl", "Logo URL (optional)", { placeholder: "https://…" })}
          </fieldset>
        ) : null}
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${prefix}-active`}
            name="active"
            checked={draft.active}
            onCheckedChange={(checked) =>
              setDraft((current) => ({ ...current, active: checked === true }))
            }
          />
          <Label htmlFor={`${prefix}-active`}>Active</Label>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving}>
            {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {ad ? "Update Ad" : "Create Ad"}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        </div>
      </fetcher.Form>
      <section aria-label="Preview" className="flex flex-col gap-2">
        <h2 className="text-sm font-medium">Preview</h2>
        {draft.title.trim() ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <AdCard ad={{ ...draft, id: ad?.id ?? "preview", active: true }} />
          </div>
        ) : (
          <p className="rounded-md border border-dashed p-6 text-sm text-muted-foreground">
            Enter a title to see a preview.
          </p>
        )}
      </section>
    </div>
  );
}

function AdGridCard({ ad, onEdit }: { ad: Ad; onEdit: () => void }) {
  return (
    <Card
      className={cn("gap-3", !ad.active && "opacity-60")}
      data-testid="ad-card"
      data-active={ad.active}
    >
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <CardTitle className="text-base leading-snug">{ad.title}</CardTitle>
        <Badge variant={ad.active ? "success" : "secondary"}>
          {ad.active ? "Active" : "Inactive"}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm text-muted-foreground">
        {ad.imageUrl ? (
          <img
            src={ad.imageUrl}
            alt=""
            className="aspect-video w-full rounded object-cover"
            loading="lazy"
          />
        ) : null}
        {ad.description ? <p className="line-clamp-2">{ad.description}</p> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium text-foreground">Type</dt>
          <dd>{TYPE_LABELS[ad.type as keyof typeof TYPE_LABELS] ?? ad.type}</dd>
          <dt className="font-medium text-foreground">Placement</dt>
          <dd>{PLACEMENT_LABELS[ad.placement as keyof typeof PLACEMENT_LABELS] ?? ad.placement}</dd>
          <dt className="font-medium text-foreground">Size</dt>
          <dd>{SIZE_LABELS[ad.size as keyof typeof SIZE_LABELS] ?? ad.size}</dd>
        </dl>
      </CardContent>
      <CardFooter className="mt-auto justify-end gap-1">
        <EditButton label={`Edit ${ad.title}`} onClick={onEdit} />
        <ConfirmDeleteButton
          fetcherKey={DELETE_FETCHER_KEY}
          fields={{ intent: "delete", id: ad.id }}
          itemName={ad.title}
          description={`The ad '${ad.title}' will be permanently deleted.`}
        />
      </CardFooter>
    </Card>
  );
}

export default function AdminAds({ loaderData }: Route.ComponentProps) {
  const { ads } = loaderData;
  const [tab, setTab] = useState<"all" | "create" | "edit">("all");
  const [editing, setEditing] = useState<Ad | null>(null);
  useFetcherToast(DELETE_FETCHER_KEY);

  const backToList = () => {
    setEditing(null);
    setTab("all");
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Ads</h1>
          <p className="text-sm text-muted-foreground">Advertisements shown on the public pages.</p>
        </div>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (value !== "edit") setEditing(null);
          setTab(value as typeof tab);
        }}
      >
        <TabsList className="flex h-auto flex-wrap">
          <TabsTrigger value="all">All Ads</TabsTrigger>
          <TabsTrigger value="create">Create New</TabsTrigger>
          {editing ? <TabsTrigger value="edit">Edit Ad</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="all" className="pt-4">
          {ads.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-md border border-dashed p-10 text-center">
              <p className="text-muted-foreground">No advertisements created yet.</p>
              <Button onClick={() => setTab("create")}>
                <Plus className="size-4" aria-hidden />
                Create First Ad
              </Button>
            </div>
          ) : (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {ads.map((ad) => (
                <AdGridCard
                  key={ad.id}
                  ad={ad}
                  onEdit={() => {
                    setEditing(ad);
                    setTab("edit");
                  }}
                />
              ))}
            </div>
          )}
        </TabsContent>
        <TabsContent value="create" className="pt-4">
          {tab === "create" ? (
            <AdForm ad={null} onSaved={backToList} onCancel={backToList} />
          ) : null}
        </TabsContent>
        {editing ? (
          <TabsContent value="edit" className="pt-4">
            <AdForm key={editing.id} ad={editing} onSaved={backToList} onCancel={backToList} />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
