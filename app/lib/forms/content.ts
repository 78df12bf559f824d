/**
 * The admin content forms (hero, footer, ads, users, settings): one zod schema per form, shared
 * by the page and its action. Values arrive as FormData strings, so schemas read strings.
 */
import { z } from "zod";

import {
  AD_MEDIA_TYPES,
  AD_OVERLAY_POSITIONS,
  AD_PLACEMENTS,
  AD_SIZES,
  AD_TYPES,
  FOOTER_SECTIONS,
} from "~/lib/constants";
import { isSameSitePath, isWebUrl } from "~/lib/site-path";

export const CONTENT_MESSAGES = {
  heroUploaded: "Image uploaded successfully",
  heroUploadFailed: "Failed to upload image",
  heroUpdated: "Hero content updated successfully",
  heroUpdateFailed: "Failed to update hero content",
  heroImageRemoved: "Image Removed",
  footerUpdated: "Footer content updated",
  footerUpdateFailed: "Failed to update",
  footerLoadFailed: "Failed to load footer content",
  adCreated: "Ad created successfully",
  adUpdated: "Ad updated successfully",
  adDeleted: "Ad deleted successfully",
  adSaveFailed: "Failed to save ad",
  adNotFound: "Ad not found",
  titleRequired: "Title is required",
  adminGranted: "Admin status granted",
  adminRemoved: "Admin status removed",
  adminToggleFailed: "Failed to update admin status",
  resetSent: "Password reset email sent",
  resetFailed: "Failed to send password reset email",
  userUpdated: "User updated",
  userPrivilegesRemoved: "User admin privileges have been removed",
  userUpdateFailed: "Failed to update user. You may not have sufficient privileges.",
  invalidEmailTitle: "Invalid email",
  invalidEmail: "Please enter a valid email address",
  accountRequired: "The user must already have an account",
  alreadyAdminTitle: "Already an admin",
  alreadyAdmin: "This user is already an admin",
  addAdminFailed: "Failed to add admin",
  adminAdded: "Admin added",
  settingsSaved: "Settings saved",
  cacheCleared: "Cache cleared",
  restoreDone: "Backup restored",
  restoreFailed: "Failed to restore backup",
} as const;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : null));

/** An http(s) URL or a path on this site (uploads are served from our own origin). */
const optionalLink = optionalText.refine(
  (value) =>
    value === null || (/^https?:\/\//i.test(value) && isWebUrl(value)) || isSameSitePath(value),
  "Enter a full URL (https://…) or a path starting with /",
);

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

// ---------------------------------------------------------------- hero

const heroFormSchema = z.object({
  title: requiredText(CONTENT_MESSAGES.titleRequired).pipe(z.string().max(200)),
  subtitle: optionalText,
  description: optionalText,
  primaryButtonText: optionalText,
  secondaryButtonText: optionalText,
});

export const heroActionSchema = z.discriminatedUnion("intent", [
  heroFormSchema.extend({ intent: z.literal("save") }),
  z.object({ intent: z.literal("upload-image") }),
  z.object({ intent: z.literal("remove-image") }),
]);

// ---------------------------------------------------------------- footer

export const footerFormSchema = z.object({
  intent: z.literal("save"),
  section: z.enum(FOOTER_SECTIONS, { error: "Unknown footer section" }),
  title: requiredText(CONTENT_MESSAGES.titleRequired).pipe(z.string().max(200)),
  content: z.string().max(20_000, "The content is too long").default(""),
});

// ---------------------------------------------------------------- ads

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

/** A CSS colour an admin may type: a name, #hex, rgb()/rgba() or hsl()/hsla(); nothing that escapes. */
const cssColor = z
  .string()
  .trim()
  .regex(
    /^(#[0-9a-f]{3,8}|[a-z]+|(rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/]+\))$/i,
    "Enter a colour such as white, #ffffff or rgba(0,0,0,0.6)",
  );

export const adFormSchema = z
  .object({
    type: z.enum(AD_TYPES).default(AD_DEFAULTS.type),
    title: requiredText(CONTENT_MESSAGES.titleRequired).pipe(z.string().max(200)),
    description: optionalText,
    imageUrl: optionalLink,
    linkUrl: optionalLink,
    ctaText: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || AD_DEFAULTS.ctaText),
    active: checkbox,
    placement: z.enum(AD_PLACEMENTS).default(AD_DEFAULTS.placement),
    size: z.enum(AD_SIZES).default(AD_DEFAULTS.size),
    overlayPosition: z.enum(AD_OVERLAY_POSITIONS).default(AD_DEFAULTS.overlayPosition),
    overlayColor: z
      .string()
      .optional()
      .transform((value) => value?.trim() || AD_DEFAULTS.overlayColor)
      .pipe(cssColor),
    textColor: z
      .string()
      .optional()
      .transform((value) => value?.trim() || AD_DEFAULTS.textColor)
      .pipe(cssColor),
    mediaUrl: optionalLink,
    mediaType: z.enum(AD_MEDIA_TYPES).default(AD_DEFAULTS.mediaType),
    logoUrl: optionalLink,
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

export const adIdSchema = z.object({ id: z.guid(CONTENT_MESSAGES.adNotFound) });

export const adIntentSchema = z.enum(["create", "update", "delete"]);

// ---------------------------------------------------------------- users

const userIdSchema = z.object({ userId: z.string().trim().min(1) });

export const addAdminSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, CONTENT_MESSAGES.invalidEmail)
    .refine((value) => value.includes("@"), CONTENT_MESSAGES.invalidEmail),
});

export const usersActionSchema = z.discriminatedUnion("intent", [
  userIdSchema.extend({ intent: z.literal("toggle-admin") }),
  userIdSchema.extend({ intent: z.literal("reset-password") }),
  userIdSchema.extend({ intent: z.literal("remove-admin") }),
  addAdminSchema.extend({ intent: z.literal("add-admin") }),
]);

// ---------------------------------------------------------------- settings

function integerField(message: string, min: number) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(2_000_000_000, message));
}

const STALE_AFTER_MESSAGE = "Runs without a price must be between 1 and 100";

export const settingsFormSchema = z.object({
  scrapeIntervalSeconds: integerField("The scrape interval must be at least 60 seconds", 60),
  maxUrlsPerRun: integerField("Max URLs per run must be at least 1", 1),
  requestDelayMs: integerField("The request delay must be 0 ms or more", 0),
  // Left out by an older form: the stored value stays.
  staleAfterMissedRuns: integerField(STALE_AFTER_MESSAGE, 1)
    .pipe(z.number().max(100, STALE_AFTER_MESSAGE))
    .optional(),
  respectRobotsTxt: checkbox,
  priceAlertsEnabled: checkbox,
  priceAlertThresholdPercent: z
    .string({ error: "The alert threshold must be between 0 and 100 percent" })
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, "The alert threshold must be between 0 and 100 percent")
    .transform(Number)
    .pipe(
      z
        .number()
        .gt(0, "The alert threshold must be between 0 and 100 percent")
        .max(100, "The alert threshold must be between 0 and 100 percent"),
    ),
});

export const settingsIntentSchema = z.enum(["save-settings", "clear-cache", "restore"]);
