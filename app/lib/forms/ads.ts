/**
 * The admin ads page's forms: one zod schema for every intent (create, update, delete and the
 * bulk activate / deactivate / delete), shared by the page and its action. Every text field is
 * bounded by TEXT_LIMITS, the same limits the database CHECKs hold.
 */
import { z } from "./zod";

import {
  AD_MEDIA_TYPES,
  AD_OVERLAY_POSITIONS,
  AD_PLACEMENTS,
  AD_SIZES,
  AD_TYPES,
} from "~/lib/constants";
import { type FormValues } from "~/lib/edit-conflict";
import { rowVersionField } from "~/lib/forms/row-version";
import { TEXT_LIMITS, tooLongMessage } from "~/lib/text-limits";

import { checkbox, optionalText, requiredText } from "./fields";
import { optionalLink } from "./link-fields";
import { bulkActionSchema, BULK_OPERATIONS } from "./bulk";
import { distinctIds, recordId } from "./record-ids";
import type { AdminAd } from "~/lib/ads";

export const AD_MESSAGES = {
  created: "Ad created successfully",
  updated: "Ad updated successfully",
  deleted: "Ad deleted successfully",
  saveFailed: "Failed to save ad",
  notFound: "Ad not found",
  uploadFailed: "Failed to upload image",
  titleRequired: "Title is required",
  staleSelection: "Some selected ads no longer exist; reload the page and select again",
} as const;

/** What each of the form's selects offers, in order: the schema's enums and the form's options. */
export const AD_CHOICES = {
  type: AD_TYPES,
  placement: AD_PLACEMENTS,
  size: AD_SIZES,
  overlayPosition: AD_OVERLAY_POSITIONS,
  mediaType: AD_MEDIA_TYPES,
} as const;

export const AD_DEFAULTS = {
  type: "basic",
  ctaText: "Learn More",
  active: true,
  placement: "homepage",
  size: "full",
  overlayPosition: "center",
  overlayColor: "rgba(0,0,0,0.6)",
  textColor: "white",
  mediaType: "image",
} as const;

/** Each text column's limit: the schema, the input's maxLength and the database CHECK. */
export const AD_LIMITS = {
  title: TEXT_LIMITS.name,
  description: TEXT_LIMITS.long,
  imageUrl: TEXT_LIMITS.url,
  linkUrl: TEXT_LIMITS.url,
  ctaText: TEXT_LIMITS.code,
  overlayColor: TEXT_LIMITS.code,
  textColor: TEXT_LIMITS.code,
  mediaUrl: TEXT_LIMITS.url,
  logoUrl: TEXT_LIMITS.url,
} as const;

/** A CSS colour an admin may type: a name, #hex, rgb()/rgba() or hsl()/hsla(); nothing that escapes. */
function cssColor(label: string, fallback: string) {
  return z
    .string()
    .trim()
    .max(AD_LIMITS.overlayColor, tooLongMessage(label, AD_LIMITS.overlayColor))
    .optional()
    .transform((value) => value || fallback)
    .pipe(
      z
        .string()
        .regex(
          /^(#[0-9a-f]{3,8}|[a-z]+|(rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/]+\))$/i,
          "Enter a colour such as white, #ffffff or rgba(0,0,0,0.6)",
        ),
    );
}

const adFields = z
  .object({
    type: z.enum(AD_CHOICES.type, "Choose an ad type").default(AD_DEFAULTS.type),
    title: requiredText("Title", AD_LIMITS.title, AD_MESSAGES.titleRequired),
    description: optionalText("Description", AD_LIMITS.description),
    imageUrl: optionalLink("Image URL"),
    linkUrl: optionalLink("Link URL"),
    ctaText: optionalText("Button text", AD_LIMITS.ctaText).transform(
      (value) => value ?? AD_DEFAULTS.ctaText,
    ),
    active: checkbox,
    placement: z.enum(AD_CHOICES.placement, "Choose a placement").default(AD_DEFAULTS.placement),
    size: z.enum(AD_CHOICES.size, "Choose a size").default(AD_DEFAULTS.size),
    overlayPosition: z
      .enum(AD_CHOICES.overlayPosition, "Choose an overlay position")
      .default(AD_DEFAULTS.overlayPosition),
    overlayColor: cssColor("Overlay color", AD_DEFAULTS.overlayColor),
    textColor: cssColor("Text color", AD_DEFAULTS.textColor),
    mediaUrl: optionalLink("Media URL"),
    mediaType: z.enum(AD_CHOICES.mediaType, "Choose a media type").default(AD_DEFAULTS.mediaType),
    logoUrl: optionalLink("Logo URL"),
  })
  .superRefine((ad, ctx) => {
    if (ad.type === "media" && !ad.mediaUrl) {
      ctx.addIssue({ code: "custom", path: ["mediaUrl"], message: "A media ad needs a media URL" });
    }
  })
  // Only the fields of the chosen type are stored; the others stay null.
  .transform((ad) => ({
    type: ad.type,
    title: ad.title,
    description: ad.description,
    imageUrl: ad.imageUrl,
    linkUrl: ad.linkUrl,
    ctaText: ad.ctaText,
    active: ad.active,
    placement: ad.placement,
    size: ad.size,
    overlayPosition: ad.type === "overlay" ? ad.overlayPosition : null,
    overlayColor: ad.type === "overlay" ? ad.overlayColor : null,
    textColor: ad.type === "overlay" ? ad.textColor : null,
    mediaUrl: ad.type === "media" ? ad.mediaUrl : null,
    mediaType: ad.type === "media" ? ad.mediaType : null,
    logoUrl: ad.type === "media" ? ad.logoUrl : null,
  }));

/** The ad dialog's fields (the client validates with it before posting). */
export const adFormSchema = adFields;

/** At most this many ads per bulk action (far more than the page ever shows). */
export const MAX_BULK_ADS = 200;

/** The selected cards of a bulk action: one hidden field of comma-separated ids. */
const selectedAdIds = z
  .string({ error: "Select at least one ad" })
  .max(MAX_BULK_ADS * 40, `Select at most ${MAX_BULK_ADS} ads at a time`)
  .transform(distinctIds)
  .pipe(
    z
      .array(recordId(AD_MESSAGES.notFound))
      .min(1, "Select at least one ad")
      .max(MAX_BULK_ADS, `Select at most ${MAX_BULK_ADS} ads at a time`),
  );

/** Which intent a post names, checked before its fields (the create/update fields are many). */
export const adIntentSchema = z.object({
  intent: z.enum(["create", "update", "delete", "bulk-ads"], "Unknown action"),
});

export const adIdSchema = z.object({ id: recordId(AD_MESSAGES.notFound) });

export const bulkAdsSchema = bulkActionSchema("bulk-ads", BULK_OPERATIONS, selectedAdIds);

/** An edit's row: the ad and the version its form was opened on. */
export const adEditSchema = z.object({
  id: recordId(AD_MESSAGES.notFound),
  version: rowVersionField,
});

/** An ad as its edit form posts it (the fields its type shows): what an edit conflict compares. */
export function adFormValues(ad: Omit<AdminAd, "id">): FormValues {
  const values: FormValues = {
    type: ad.type,
    title: ad.title,
    description: ad.description ?? "",
    imageUrl: ad.imageUrl ?? "",
    linkUrl: ad.linkUrl ?? "",
    ctaText: ad.ctaText,
    placement: ad.placement,
    size: ad.size,
    active: ad.active ? "on" : "",
    version: ad.version,
  };
  if (ad.type === "overlay") {
    values.overlayPosition = ad.overlayPosition ?? AD_DEFAULTS.overlayPosition;
    values.overlayColor = ad.overlayColor ?? AD_DEFAULTS.overlayColor;
    values.textColor = ad.textColor ?? AD_DEFAULTS.textColor;
  }
  if (ad.type === "media") {
    values.mediaUrl = ad.mediaUrl ?? "";
    values.mediaType = ad.mediaType ?? AD_DEFAULTS.mediaType;
    values.logoUrl = ad.logoUrl ?? "";
  }
  return values;
}

export type BulkAdsForm = z.infer<typeof bulkAdsSchema>;
export type AdFormValues = z.output<typeof adFormSchema>;
