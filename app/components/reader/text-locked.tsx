import { Link } from "react-router";
import { Lock } from "~/components/ui/icons";
import { signInHref } from "~/lib/sign-in-href";
import type { EbookAccess } from "~/modules/access/policy";

export interface LockedText {
  ebook: { id: string; title: string; access: Exclude<EbookAccess, "read">; price: string | null };
  signedIn: boolean;
}

const button =
  "inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700";
const secondary =
  "inline-flex min-h-11 items-center rounded-full border border-brand-600 px-5 font-semibold text-brand-700 hover:bg-rose-50";

/** What the reader is told about an ebook's access, in words, by what would open it for her. */
function whatOpensIt({ ebook, signedIn }: LockedText): string {
  const price = ebook.price ? ` for ${ebook.price}` : "";
  switch (ebook.access) {
    case "unlock":
      return "Your plan includes this ebook: unlock it to read it here.";
    case "sign-in":
      return "This ebook is free: sign in or create an account to read it.";
    case "purchase":
      return `Buy this ebook${price} to read it, or choose a plan that includes ebooks.${signedIn ? "" : " Sign in first if it is already yours."}`;
    case "subscribe":
      return `This ebook comes with a plan that includes ebooks.${signedIn ? "" : " Sign in first if you have one."}`;
  }
}

/**
 * Text mode of a published ebook she may not read yet (issue 46: this was "404 Ebook Not Found"): its existence is
 * public (the ebook page shows it), so the page says what opens it, with the price, and where to go. No text of it.
 */
export function TextLocked(props: LockedText) {
  const { ebook, signedIn } = props;
  const ebookPage = `/ebook/${ebook.id}`;
  const here = `${ebookPage}/text`;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
        <Lock aria-hidden="true" className="h-4 w-4" /> Text mode
      </p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-gray-900">{ebook.title}</h1>
      <p className="mt-4 text-gray-800">{whatOpensIt(props)}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {ebook.access === "unlock" ? (
          <Link to={ebookPage} className={button}>
            Unlock with your plan
          </Link>
        ) : null}
        {ebook.access === "purchase" && ebook.price ? (
          <Link
            to={signedIn ? `/checkout/ebook/${ebook.id}` : signInHref(`/checkout/ebook/${ebook.id}`, "purchase")}
            className={button}
          >
            Buy for {ebook.price}
          </Link>
        ) : null}
        {!signedIn ? (
          <Link to={signInHref(here)} className={ebook.access === "purchase" ? secondary : button}>
            Sign in
          </Link>
        ) : null}
        {ebook.access === "purchase" || ebook.access === "subscribe" ? (
          <Link to="/pricing" className={secondary}>
            See plans
          </Link>
        ) : null}
        <Link to={ebookPage} className={secondary}>
          About this ebook
        </Link>
      </div>
    </div>
  );
}
