import { useState } from "react";
import { Download } from "~/components/ui/icons";
import type { ToastMessage } from "~/components/ui/toast";
import { LazyToast } from "~/components/ui/lazy-toast";
import { useLocalHref, useT } from "~/lib/i18n/use-t";
import { downloadEbook } from "~/lib/ebook-download";

/**
 * Download PDF: a plain form post (the server answers with the stamped file, or a toast after a redirect), which
 * the script turns into a fetch so the spec's messages show in place.
 */
export function DownloadButton({ ebookId, className }: { ebookId: string; className?: string }) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const localHref = useLocalHref();
  // In the page's language: a Swahili page's refusals come back in Swahili (routes/ebook-download.ts).
  const action = localHref(`/ebook/${ebookId}/download`);

  async function download(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      setToast(await downloadEbook(action));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form method="post" action={action} onSubmit={download} data-download="">
        <button
          type="submit"
          disabled={busy}
          className={
            className ??
            "inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-rose-50 disabled:opacity-70"
          }
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {busy ? t("download.preparing") : t("download.pdf")}
        </button>
      </form>
      <LazyToast toast={toast} />
    </>
  );
}
