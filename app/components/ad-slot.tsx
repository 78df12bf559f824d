import type { Ad } from "~/lib/ads";
import { IMAGE_SIZES, responsiveImage } from "~/lib/responsive-image";
import { linkHref } from "~/lib/site-path";
import { clsx } from "clsx";

import { PEPTIDE_GRID_CLASS } from "./peptide-card";
import { Button } from "./ui/button";

/** Ads sit in the card grid: full spans the row, half two card widths, single one. */
const SIZE_CLASS: Record<string, string> = {
  full: "col-span-full",
  half: "col-span-full sm:col-span-2",
  single: "col-span-1",
};

/** The width an ad's image fills, per SIZE_CLASS, in a container of at most 1280 px. */
const AD_IMAGE_SIZES: Record<string, string> = {
  full: "(min-width: 1280px) 1248px, 100vw",
  half: "(min-width: 1280px) 616px, (min-width: 640px) 66vw, 100vw",
  single: IMAGE_SIZES.card,
};
const adImageSizes = (size: string) => AD_IMAGE_SIZES[size] ?? AD_IMAGE_SIZES.full;

const OVERLAY_POSITION_CLASS: Record<string, string> = {
  top: "justify-start",
  center: "justify-center",
  bottom: "justify-end",
};

function isExternal(url: string) {
  return /^https?:\/\//i.test(url);
}

function CallToAction({ ad, className }: { ad: Ad; className?: string }) {
  const href = linkHref(ad.linkUrl);
  if (!href) return null;
  return (
    <Button asChild size="sm" className={clsx("w-fit", className)}>
      <a href={href} {...(isExternal(href) ? { target: "_blank", rel: "sponsored noopener" } : {})}>
        {ad.ctaText || "Learn More"}
      </a>
    </Button>
  );
}

function AdLabel() {
  return (
    <span className="text-[10px] font-medium tracking-wide uppercase opacity-70">Sponsored</span>
  );
}

/** One advertisement in its type's layout; an inactive ad renders nothing. */
export function AdCard({ ad, className }: { ad: Ad; className?: string }) {
  if (!ad.active) return null;
  const sizeClass = SIZE_CLASS[ad.size] ?? SIZE_CLASS.full;
  const base = clsx("overflow-hidden rounded-xl border shadow-sm", sizeClass, className);

  if (ad.type === "overlay") {
    return (
      <aside
        aria-label={`Advertisement: ${ad.title}`}
        data-ad-type="overlay"
        data-ad-size={ad.size}
        className={clsx(base, "relative min-h-48 bg-muted")}
      >
        {ad.imageUrl ? (
          <img
            {...responsiveImage(ad.imageUrl, adImageSizes(ad.size))}
            alt=""
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : null}
        <div
          className={clsx(
            "relative flex h-full min-h-48 flex-col p-4",
            OVERLAY_POSITION_CLASS[ad.overlayPosition ?? "bottom"] ?? OVERLAY_POSITION_CLASS.bottom,
          )}
        >
          <div
            className="flex flex-col gap-2 rounded-lg p-4"
            style={{
              backgroundColor: ad.overlayColor || "rgba(0,0,0,0.6)",
              color: ad.textColor || "white",
            }}
          >
            <AdLabel />
            <h3 className="text-lg font-semibold">{ad.title}</h3>
            {ad.description ? <p className="text-sm">{ad.description}</p> : null}
            <CallToAction ad={ad} />
          </div>
        </div>
      </aside>
    );
  }

  if (ad.type === "media") {
    return (
      <aside
        aria-label={`Advertisement: ${ad.title}`}
        data-ad-type="media"
        data-ad-size={ad.size}
        className={clsx(base, "flex flex-col bg-card")}
      >
        <div className="relative aspect-video bg-muted">
          {ad.mediaUrl && ad.mediaType === "video" ? (
            <video
              src={ad.mediaUrl}
              className="size-full object-cover"
              muted
              loop
              playsInline
              autoPlay
              controls={false}
            />
          ) : ad.mediaUrl || ad.imageUrl ? (
            <img
              {...responsiveImage(ad.mediaUrl || ad.imageUrl || "", adImageSizes(ad.size))}
              alt=""
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          ) : null}
          {ad.logoUrl ? (
            <img
              src={ad.logoUrl}
              alt=""
              loading="lazy"
              className="absolute top-3 left-3 h-8 w-auto rounded bg-white/90 p-1 shadow"
            />
          ) : null}
        </div>
        <div className="flex flex-col gap-2 p-4">
          <AdLabel />
          <h3 className="font-semibold">{ad.title}</h3>
          {ad.description ? (
            <p className="text-sm text-muted-foreground">{ad.description}</p>
          ) : null}
          <CallToAction ad={ad} />
        </div>
      </aside>
    );
  }

  return (
    <aside
      aria-label={`Advertisement: ${ad.title}`}
      data-ad-type="basic"
      data-ad-size={ad.size}
      className={clsx(base, "flex flex-col gap-3 bg-card p-5 sm:flex-row sm:items-center")}
    >
      {ad.imageUrl ? (
        <img
          {...responsiveImage(ad.imageUrl, "(min-width: 640px) 128px, 100vw")}
          alt=""
          loading="lazy"
          decoding="async"
          className="h-24 w-full rounded-md object-cover sm:w-32"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-1">
        <AdLabel />
        <h3 className="font-semibold">{ad.title}</h3>
        {ad.description ? <p className="text-sm text-muted-foreground">{ad.description}</p> : null}
      </div>
      <CallToAction ad={ad} />
    </aside>
  );
}

/** The active ads of one placement, laid out on the same grid as the peptide cards. */
export function AdSlot({ ads, className }: { ads: Ad[]; className?: string }) {
  const visible = ads.filter((ad) => ad.active);
  if (visible.length === 0) return null;
  return (
    <div className={clsx(PEPTIDE_GRID_CLASS, className)} data-testid="ad-slot">
      {visible.map((ad) => (
        <AdCard key={ad.id} ad={ad} />
      ))}
    </div>
  );
}
