import { Lock } from "~/components/ui/icons";
import { signInHref } from "~/lib/sign-in-href";
import { useLocalHref, useT } from "~/lib/i18n/use-t";
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
function WhatOpensIt({ ebook, signedIn }: LockedText) {
  const t = useT();
  switch (ebook.access) {
    case "unlock":
      return t("readerText.locked.unlock");
    case "sign-in":
      return t("readerText.locked.signIn");
    case "purchase":
      return (
        (ebook.price ? t("readerText.locked.buyFor", { price: ebook.price }) : t("readerText.locked.buy")) +
        (signedIn ? "" : t("readerText.locked.ifYours"))
      );
    case "subscribe":
      return t("readerText.locked.subscribe") + (signedIn ? "" : t("readerText.locked.ifMember"));
  }
}

/**
 * Text mode of a published ebook she may not read yet (issue 46: this was "404 Ebook Not Found"): its existence is
 * public (the ebook page shows it), so the page says what opens it, with the price, and where to go, in the page's
 * language with its links (issue 50). No text of it.
 */
export function TextLocked(props: LockedText) {
  const { ebook, signedIn } = props;
  const t = useT();
  const localHref = useLocalHref();
  const ebookPage = localHref(`/ebook/${ebook.id}`);
  const here = localHref(`/ebook/${ebook.id}/text`);
  const checkout = localHref(`/checkout/ebook/${ebook.id}`);
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
        <Lock aria-hidden="true" className="h-4 w-4" /> {t("readerText.mode")}
      </p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-gray-900">{ebook.title}</h1>
      <p className="mt-4 text-gray-800">
        <WhatOpensIt {...props} />
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {ebook.access === "unlock" ? (
          <a href={ebookPage} className={button}>
            {t("readerText.locked.unlockButton")}
          </a>
        ) : null}
        {ebook.access === "purchase" && ebook.price ? (
          <a href={signedIn ? checkout : signInHref(checkout, "purchase")} className={button}>
            {t("readerText.locked.buyButton", { price: ebook.price })}
          </a>
        ) : null}
        {!signedIn ? (
          <a href={signInHref(here)} className={ebook.access === "purchase" ? secondary : button}>
            {t("readerText.locked.signInButton")}
          </a>
        ) : null}
        {ebook.access === "purchase" || ebook.access === "subscribe" ? (
          <a href={localHref("/pricing")} className={secondary}>
            {t("readerText.locked.plans")}
          </a>
        ) : null}
        <a href={ebookPage} className={secondary}>
          {t("readerText.locked.about")}
        </a>
      </div>
    </div>
  );
}
