import { Link } from "react-router";
import type { GatedEbook } from "~/modules/content/ebooks.server";
import { cutAtWord } from "~/modules/content/text";
import type { ShownPrice } from "~/modules/commerce/shown-prices.server";
import { AccessBadge } from "./access-badge";
import { signInHref } from "~/lib/sign-in-href";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ResponsiveImageData } from "~/modules/storage/responsive-image";

export type EbookCardData = Pick<
  GatedEbook,
  "id" | "title" | "description" | "coverImageUrl" | "priceCents" | "accessType" | "access"
> & { shownPrice: ShownPrice | null; image?: ResponsiveImageData | null };

/** The cover's width in the ebook grids: two columns on phones (gap-4), three or four on wider screens. */
export const EBOOK_CARD_SIZES =
  "(min-width: 1152px) 358px, (min-width: 768px) calc((100vw - 4rem) / 3), calc(50vw - 1.5rem)";

export function ebookAction(ebook: EbookCardData, signedIn: boolean): { to: string; label: string } {
  switch (ebook.access) {
    case "read":
      return { to: `/ebook/${ebook.id}/read`, label: "Read Ebook" };
    case "unlock":
      return { to: `/ebook/${ebook.id}`, label: "Read with your plan" };
    case "purchase":
      return signedIn
        ? { to: `/ebook/${ebook.id}`, label: `Purchase ${ebook.shownPrice?.charged ?? ""}`.trim() }
        : { to: signInHref(`/ebook/${ebook.id}`), label: "Login to Access" };
    case "subscribe":
      return signedIn
        ? { to: "/pricing", label: "Upgrade Subscription" }
        : { to: signInHref(`/ebook/${ebook.id}`), label: "Login to Access" };
    case "sign-in":
      return { to: signInHref(`/ebook/${ebook.id}`), label: "Login to Access" };
  }
}

export function EbookCard({
  ebook,
  signedIn,
  actions,
  headingLevel = 3,
}: {
  ebook: EbookCardData;
  signedIn: boolean;
  actions?: React.ReactNode;
  headingLevel?: 2 | 3;
}) {
  const action = ebookAction(ebook, signedIn);
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-rose-100 bg-white shadow-sm">
      <Link to={`/ebook/${ebook.id}`} tabIndex={-1} aria-hidden="true">
        {ebook.coverImageUrl ? (
          <ResponsiveImage
            image={ebook.image}
            src={ebook.coverImageUrl}
            alt=""
            width={400}
            height={600}
            sizes={EBOOK_CARD_SIZES}
            className="aspect-[2/3] w-full object-cover"
          />
        ) : (
          <div className="flex aspect-[2/3] items-center justify-center bg-rose-50 text-4xl font-bold text-brand-600">
            N
          </div>
        )}
      </Link>
      <div className="flex flex-1 flex-col p-3">
        <div className="flex flex-wrap items-center gap-2">
          <AccessBadge accessType={ebook.accessType} />
          <span className="text-sm font-semibold text-gray-900">
            {ebook.priceCents === null ? "Subscription" : (ebook.shownPrice?.label ?? "Free")}
          </span>
        </div>
        <Heading className="mt-2 leading-snug font-semibold text-gray-900">
          <Link to={`/ebook/${ebook.id}`} className="hover:text-brand-700">
            {ebook.title}
          </Link>
        </Heading>
        <p className="mt-1 flex-1 text-sm text-gray-700">{cutAtWord(ebook.description ?? "", 100)}</p>
        <div className="mt-3 flex items-center gap-2">
          <Link
            to={action.to}
            aria-label={`${action.label}: ${ebook.title}`}
            className="flex-1 rounded-full bg-brand-600 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
          >
            {action.label}
          </Link>
          {actions}
        </div>
      </div>
    </article>
  );
}
