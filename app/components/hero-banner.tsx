import { Link } from "react-router";

import type { HeroContent } from "~/lib/hero";
import { DEFAULT_HERO } from "~/lib/constants";
import { IMAGE_SIZES, responsiveImage } from "~/lib/responsive-image";

import { Button } from "./ui/button";

const BLANK_PIXEL = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";

export function HeroBanner({ hero }: { hero: HeroContent }) {
  return (
    <section className="border-b bg-gradient-to-br from-primary/10 via-background to-background">
      <div className="container mx-auto grid items-center gap-8 px-4 py-10 md:grid-cols-2 md:py-14">
        <div className="flex flex-col gap-4">
          {hero.subtitle ? (
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">
              {hero.subtitle}
            </p>
          ) : null}
          <h1 className="text-3xl font-bold tracking-tight text-balance md:text-4xl">
            {hero.title}
          </h1>
          {hero.description ? (
            <p className="text-lg text-muted-foreground">{hero.description}</p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/compare">{hero.primaryButtonText || DEFAULT_HERO.primaryButtonText}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/catalog">
                {hero.secondaryButtonText || DEFAULT_HERO.secondaryButtonText}
                {/* A link read out of context (search engines, screen readers) says where it goes. */}
                <span className="sr-only">: the peptide catalogue</span>
              </Link>
            </Button>
          </div>
        </div>
        {/* Shown from md up only: a phone gets the blank pixel, so it downloads nothing. */}
        <picture>
          <source media="(max-width: 767px)" srcSet={BLANK_PIXEL} />
          <img
            {...responsiveImage(hero.imageUrl || DEFAULT_HERO.imageUrl, IMAGE_SIZES.hero)}
            alt=""
            width={800}
            height={600}
            fetchPriority="high"
            className="hidden aspect-[4/3] w-full rounded-xl object-cover shadow-sm md:block"
          />
        </picture>
      </div>
    </section>
  );
}
