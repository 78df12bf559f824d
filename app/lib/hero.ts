/** The home page's hero as the banner and the admin editor show it. */
export type HeroContent = {
  id: string | null;
  title: string;
  subtitle: string | null;
  description: string | null;
  primaryButtonText: string | null;
  secondaryButtonText: string | null;
  imageUrl: string | null;
  /** The stored row's version (~/lib/edit-conflict); UNSTORED_ROW_VERSION for the default. */
  version: string;
};
