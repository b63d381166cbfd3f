import { useState } from "react";
import { Download } from "~/components/ui/icons";
import type { ToastMessage } from "~/components/ui/toast";
import { LazyToast } from "~/components/ui/lazy-toast";
import { refusalOf } from "~/lib/action-result";
import { useT } from "~/lib/i18n/use-t";

const UNEXPECTED: ToastMessage = {
  kind: "error",
  title: "Download Failed",
  message: "An unexpected error occurred. Please try again.",
};

function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? "ebook.pdf";
}

/**
 * Download PDF: a plain form post (the server answers with the stamped file, or a toast after a redirect), which
 * the script turns into a fetch so the spec's messages show in place.
 */
export function DownloadButton({ ebookId, className }: { ebookId: string; className?: string }) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const action = `/ebook/${ebookId}/download`;

  async function download(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(action, {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams(),
        credentials: "same-origin",
      });
      if (!response.ok) {
        const refused = refusalOf(await response.json().catch(() => null));
        setToast(refused ? { kind: "error", title: refused.error.title, message: refused.error.message } : UNEXPECTED);
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setToast({ kind: "success", title: "Download Started", message: "Your ebook download has started." });
    } catch {
      setToast(UNEXPECTED);
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
