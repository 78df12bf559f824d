import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";

import { DISCLOSURE_PATH } from "~/lib/affiliate";
import { FOOTER_REFRESH_DELAY_MS, type FooterSection } from "~/lib/constants";
import { SITE_FEED_PATH } from "~/lib/price-drop-feed";

import { useAgeGate } from "./age-gate";

export const FOOTER_UPDATED_EVENT = "footerContentUpdated";

export interface FooterSectionView {
  section: FooterSection;
  title: string;
  content: string;
}

/** Refetches the footer shortly after an admin saves it, as SPEC.md §4 describes. */
function useFooterRefresh() {
  const revalidator = useRevalidator();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onUpdate = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidator.revalidate(), FOOTER_REFRESH_DELAY_MS);
    };
    window.addEventListener(FOOTER_UPDATED_EVENT, onUpdate);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(FOOTER_UPDATED_EVENT, onUpdate);
    };
  }, [revalidator]);
}

export function SiteFooter({ sections }: { sections: FooterSectionView[] }) {
  useFooterRefresh();
  const { reset } = useAgeGate();
  // The disclosure is a page of its own (/disclosure), linked below.
  const columns = sections.filter((s) => s.section !== "copyright" && s.section !== "disclosure");
  const copyright = sections.find((s) => s.section === "copyright");
  return (
    <footer className="mt-12 border-t bg-muted/30">
      <div className="container mx-auto grid gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        {columns.map((section) => (
          <section key={section.section} aria-labelledby={`footer-${section.section}`}>
            <h2 id={`footer-${section.section}`} className="mb-2 text-sm font-semibold">
              {section.title}
            </h2>
            <div
              className="prose-footer space-y-2 text-sm text-muted-foreground [&_a]:underline [&_ul]:list-disc [&_ul]:pl-4"
              // Sanitized on the server (sanitizeFooterHtml) before it gets here.
              dangerouslySetInnerHTML={{ __html: section.content }}
            />
          </section>
        ))}
      </div>
      <div className="border-t">
        <div className="container mx-auto flex flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-muted-foreground">
          {copyright ? (
            <div
              data-testid="footer-copyright"
              dangerouslySetInnerHTML={{ __html: copyright.content }}
            />
          ) : null}
          <Link to="/vendors" className="underline underline-offset-2">
            All vendors
          </Link>
          <Link to={DISCLOSURE_PATH} className="underline underline-offset-2">
            Affiliate disclosure
          </Link>
          <nav aria-label="Open data" className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium">Open data:</span>
            {/* Plain links: these answer JSON and Atom, not pages of the app. */}
            <a href="/api/v1/openapi.json" className="underline underline-offset-2">
              API (OpenAPI)
            </a>
            <a href={SITE_FEED_PATH} className="underline underline-offset-2">
              Price-drop feed (Atom)
            </a>
          </nav>
          <button type="button" className="underline-offset-2 hover:underline" onClick={reset}>
            Reset age confirmation
          </button>
        </div>
      </div>
    </footer>
  );
}
