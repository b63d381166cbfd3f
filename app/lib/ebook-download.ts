// Download PDF answered in place: the React button (components/reader/download-button.tsx) and the islands pages'
// script for it (islands/download-forms.ts: the ebook page, the PDF reader) both post the download form with fetch,
// save the stamped PDF under the server's file name, and show what comes back here as a toast ("Download Started",
// or why it was refused).
import { refusalOf } from "./action-result";

export interface DownloadToast {
  kind: "success" | "error";
  title: string;
  message: string;
}

export const DOWNLOAD_UNEXPECTED: DownloadToast = {
  kind: "error",
  title: "Download Failed",
  message: "An unexpected error occurred. Please try again.",
};

function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? "ebook.pdf";
}

/** Posts the download form's `action`, saves the file it answers with, and says what to tell her. */
export async function downloadEbook(action: string): Promise<DownloadToast> {
  try {
    const response = await fetch(action, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(),
      credentials: "same-origin",
    });
    if (!response.ok) {
      const refused = refusalOf(await response.json().catch(() => null));
      return refused
        ? { kind: "error", title: refused.error.title, message: refused.error.message }
        : DOWNLOAD_UNEXPECTED;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = fileNameOf(response);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return { kind: "success", title: "Download Started", message: "Your ebook download has started." };
  } catch {
    return DOWNLOAD_UNEXPECTED;
  }
}
