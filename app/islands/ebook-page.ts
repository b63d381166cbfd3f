// The ebook page's own script when it is an islands page (ADR 045), loaded beside reader-page.ts on that page only,
// so the other reader pages do not carry it: Copy link and the share sheet, and Download PDF answered in place
// ("Download Started", or why it was refused) instead of by a page load. Without it both still work: the share links
// are plain links, and the download form posts to the server, which answers with the file or a toast.
import { downloadEbook } from "../lib/ebook-download";
import { shareButtons } from "./share-buttons";
import { showToast } from "./page-toast";
import { say } from "../lib/page-words";

/** The stamped PDF fetched and saved, with the same messages as DownloadButton on a React page. */
async function download(form: HTMLFormElement, button: HTMLButtonElement) {
  const label = button.lastChild;
  const idle = label?.textContent ?? "";
  button.disabled = true;
  if (label) label.textContent = say("Preparing...");
  try {
    const toast = await downloadEbook(form.action);
    showToast(toast.kind, say(toast.title), say(toast.message));
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
