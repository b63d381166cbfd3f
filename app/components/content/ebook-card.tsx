import { PageLink } from "~/components/ui/page-link";
import type { EbookCardData } from "~/modules/content/card-data";
import { AccessBadge } from "./access-badge";
import { LanguageTag } from "./language-tag";
import { signInHref } from "~/lib/sign-in-href";
import { ResponsiveImage } from "~/components/responsive-image";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";
import { langIfOther } from "~/lib/locale";

export type { EbookCardData };

/**
 * The cover's width in the ebook grids: two columns on phones (gap-4), three or four on wider screens, rounded
 * up a little: it picks the same of the two copies a cover offers (IMAGE_SLOTS.ebookCard) as the exact widths.
 */
export const EBOOK_CARD_SIZES = "(min-width: 768px) 30vw, 50vw";

/** The card's action, its words in the page's language. */
export function useEbookAction(ebook: EbookCardData, signedIn: boolean): { to: string; label: string } {
  const t = useT();
  const localHref = useLocalHref();
  switch (ebook.access) {
    case "read":
      return { to: localHref(`/ebook/${ebook.id}/read`), label: t("card.readEbook") };
    case "unlock":
      return { to: localHref(`/ebook/${ebook.id}`), label: t("card.readWithPlan") };
    case "purchase":
      // Signed out too (spec): the ebook's page then asks her to sign in when she presses Purchase Ebook.
      return {
        to: localHref(`/ebook/${ebook.id}`),
        label: ebook.shownPrice?.charged
          ? t("card.purchasePrice", { price: ebook.shownPrice.charged })
          : t("card.purchase"),
      };
    case "subscribe":
      return signedIn
        ? { to: localHref("/pricing"), label: t("card.upgrade") }
        : { to: signInHref(localHref(`/ebook/${ebook.id}`)), label: t("card.loginToAccess") };
    case "sign-in":
      return { to: signInHref(localHref(`/ebook/${ebook.id}`)), label: t("card.loginToAccess") };
  }
}

export function EbookCard({
  ebook,
  signedIn,
  actions,
  headingLevel = 3,
  priority,
}: {
  ebook: EbookCardData;
  signedIn: boolean;
  actions?: React.ReactNode;
  headingLevel?: 2 | 3;
  /** The first card of a list page: its cover is likely the page's largest picture (LCP), so it is fetched at once. */
  priority?: boolean;
}) {
  const t = useT();
  const localHref = useLocalHref();
  const action = useEbookAction(ebook, signedIn);
  // Written in another language than the page's: its title and description say so (ADR 048).
  const lang = langIfOther(ebook.language, useLocale());
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <article className="card ebook">
      {/* The whole card opens the ebook (its title link's area covers it, app.css); the action's link need not
          mark the route for discovery, the title's does. */}
      {ebook.coverImageUrl ? (
        <ResponsiveImage
          image={ebook.image}
          src={ebook.coverImageUrl}
          alt=""
          width={400}
          height={600}
          sizes={EBOOK_CARD_SIZES}
          byDensity
          priority={priority}
          className="cover-img"
        />
      ) : (
        <div className="flex aspect-[2/3] items-center justify-center bg-rose-50 text-4xl font-bold text-brand-600">
          N
        </div>
      )}
      <div className="card-body">
        <div className="tags">
          <AccessBadge accessType={ebook.accessType} />
          <LanguageTag language={ebook.language} />
          <span className="price">
            {ebook.priceCents === null
              ? t("list.access.subscription")
              : (ebook.shownPrice?.label ?? t("list.access.free"))}
          </span>
        </div>
        <Heading className="card-title" lang={lang}>
          <PageLink to={localHref(`/ebook/${ebook.id}`)}>{ebook.title}</PageLink>
        </Heading>
        <p className="card-text" lang={lang}>
          {ebook.description}
        </p>
        <div className="acts mt-3">
          <PageLink to={action.to} aria-label={`${action.label}: ${ebook.title}`} className="btn btn-fill">
            {action.label}
          </PageLink>
          {actions}
        </div>
      </div>
    </article>
  );
}
