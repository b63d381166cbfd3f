import { useEffect, useState } from "react";
import { useLocale, useT } from "~/lib/i18n/use-t";

/** What the shared message says: "a Nuru gift", never what it is (a plan, an ebook's title) or who gave it. */
export function giftShareText(url: string): string {
  return `A Nuru gift for you: ${url}`;
}

/**
 * A claim link to share (issue 46, item 23): the link itself, selectable; a WhatsApp link that works without
 * JavaScript; and, once scripts run, Copy link with a spoken and shown confirmation.
 */
export function GiftShareLink({ url }: { url: string }) {
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  const t = useT();
  const sw = useLocale() === "sw";
  // Only after hydration: the server cannot know whether this browser lets a page copy.
  useEffect(() => setCanCopy(Boolean(navigator.clipboard)), []);
  return (
    <div className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3" data-testid="gift-share">
      <label htmlFor="gift-share-url" className="text-sm font-semibold text-gray-900">
        {t("giftShare.label")}
      </label>
      <input
        id="gift-share-url"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full rounded-md border border-gray-300 bg-white px-2 py-2 font-mono text-sm text-gray-900"
      />
      <p className="mt-1 text-sm text-gray-700">{t("giftShare.warning")}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <a
          href={`https://wa.me/?text=${encodeURIComponent(sw ? t("giftShare.text", { url }) : giftShareText(url))}`}
          rel="noopener noreferrer"
          target="_blank"
          className="inline-flex min-h-11 items-center rounded-full bg-emerald-700 px-5 py-2 font-semibold text-white hover:bg-emerald-800"
        >
          {t("giftShare.whatsapp")}
        </a>
        {canCopy ? (
          <button
            type="button"
            onClick={() =>
              navigator.clipboard.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
            className="min-h-11 rounded-full border border-brand-600 px-5 py-2 font-semibold text-brand-700 hover:bg-rose-50"
          >
            {t("island.copyLink")}
          </button>
        ) : null}
        <span role="status" className={copied === null ? "sr-only" : "text-sm text-gray-800"}>
          {copied === null ? "" : copied ? t("island.copied") : t("giftShare.notCopied")}
        </span>
      </div>
    </div>
  );
}
