/**
 * The admin content pages' messages (hero, footer, settings); their form schemas live in
 * hero.ts, footer.ts and settings.ts beside this file.
 */
export const CONTENT_MESSAGES = {
  heroUploaded: "Image uploaded successfully",
  heroUploadFailed: "Failed to upload image",
  heroUpdated: "Hero content updated successfully",
  heroUpdateFailed: "Failed to update hero content",
  heroImageRemoved: "Image Removed",
  footerUpdated: "Footer content updated",
  footerUpdateFailed: "Failed to update",
  footerLoadFailed: "Failed to load footer content",
  titleRequired: "Title is required",
  settingsSaved: "Settings saved",
  cacheCleared: "Cache cleared",
  restoreDone: "Backup restored",
  restoreFailed: "Failed to restore backup",
} as const;
