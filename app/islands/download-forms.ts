// Download PDF answered in place on an islands page (ADR 045): the ebook page's and the PDF reader's button
// (components/reader/download-button.tsx, rendered by the server) post their form with fetch, save the stamped PDF
// and say what came back in a toast ("Download Started", or why it was refused) instead of by a page load. Without
// script the form posts to the server, which answers with the file or a toast.
import { downloadEbook } from "../lib/ebook-download";
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

export function downloadForms() {
  for (const form of document.querySelectorAll<HTMLFormElement>("main form[data-download]")) {
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (!button) continue;
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (!button.disabled) void download(form, button);
    });
  }
}
