// The ebook page's own script when it is an islands page (ADR 045), loaded beside reader-page.ts on that page only,
// so the other reader pages do not carry it: Copy link and the share sheet, and Download PDF answered in place
// ("Download Started", or why it was refused) instead of by a page load. Without it both still work: the share links
// are plain links, and the download form posts to the server, which answers with the file or a toast.
import { refusalOf } from "../lib/action-result";
import { shareButtons } from "./share-buttons";
import { showToast } from "./page-toast";
import { say } from "../lib/page-words";

const UNEXPECTED = [say("Download Failed"), say("An unexpected error occurred. Please try again.")] as const;

function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? "ebook.pdf";
}

/** The stamped PDF fetched and saved, with the same messages as DownloadButton on a React page. */
async function download(form: HTMLFormElement, button: HTMLButtonElement) {
  const label = button.lastChild;
  const idle = label?.textContent ?? "";
  button.disabled = true;
  if (label) label.textContent = say("Preparing...");
  try {
    const response = await fetch(form.action, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(),
      credentials: "same-origin",
    });
    if (!response.ok) {
      const refused = refusalOf(await response.json().catch(() => null));
      if (refused) showToast("error", refused.error.title, refused.error.message);
      else showToast("error", ...UNEXPECTED);
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
    showToast("success", say("Download Started"), say("Your ebook download has started."));
  } catch {
    showToast("error", ...UNEXPECTED);
  } finally {
    button.disabled = false;
    if (label) label.textContent = idle;
  }
}

function downloadButtons() {
  for (const form of document.querySelectorAll<HTMLFormElement>("main form[data-download]")) {
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (!button) continue;
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (!button.disabled) void download(form, button);
    });
  }
}

shareButtons();
downloadButtons();
