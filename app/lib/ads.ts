/** An ad as the public slots and the admin grid show it (components/ad-slot.tsx, admin/ads). */
export interface Ad {
  id: string;
  type: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  linkUrl: string | null;
  ctaText: string;
  active: boolean;
  placement: string;
  size: string;
  overlayPosition: string | null;
  overlayColor: string | null;
  textColor: string | null;
  mediaUrl: string | null;
  mediaType: string | null;
  logoUrl: string | null;
}

/** An ad in the admin grid, with the version it was shown at (~/lib/edit-conflict). */
export type AdminAd = Ad & { version: string };
