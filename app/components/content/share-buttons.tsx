import { useState } from "react";

/**
 * The share actions that need JavaScript (share-links.tsx loads them in the browser only): the phone's share sheet
 * where the browser has one (Web Share API), and Copy link, with a spoken and shown confirmation.
 */
export default function ShareButtons({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <>
      {typeof navigator.share === "function" ? (
        // CASE: she closes the share sheet -> the promise rejects; nothing to tell her.
        <button type="button" className="share-a" onClick={() => navigator.share({ title, url }).catch(() => {})}>
          Share…
        </button>
      ) : null}
      {navigator.clipboard ? (
        <button
          type="button"
          className="share-a"
          onClick={() =>
            navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy link
        </button>
      ) : null}
      <span role="status" className={copied === null ? "sr-only" : "basis-full text-sm text-gray-700"}>
        {copied === null ? "" : copied ? "Link copied." : "Could not copy: copy the address from the address bar."}
      </span>
    </>
  );
}
