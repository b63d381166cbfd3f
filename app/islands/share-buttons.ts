// Copy link and the phone's share sheet on an islands page (ADR 045): what share-buttons.tsx adds on a React page,
// added here to each share row the server rendered (its links to WhatsApp, Facebook, X and Telegram work without
// script). The page's canonical address is what is shared, and its heading is the title.
import { say } from "../lib/page-words";

/** The address and title to share: the page's canonical link (the one its share links carry) and its heading. */
function sharedPage() {
  const canonical = document.querySelector<HTMLLinkElement>("link[rel=canonical]")?.href;
  const url = canonical || location.href.split("#")[0];
  const title = document.querySelector("main h1")?.textContent?.trim() || document.title;
  return { url, title };
}

function shareButton(label: string, onClick: () => void) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "share-a";
  button.textContent = label;
  button.addEventListener("click", onClick);
  return button;
}

/** Adds Share… (where the browser has a share sheet) and Copy link to every share row on the page. */
export function shareButtons() {
  for (const row of document.querySelectorAll<HTMLElement>(".share[role=group]")) {
    const { url, title } = sharedPage();
    const status = document.createElement("span");
    status.setAttribute("role", "status");
    status.className = "sr-only";
    const said = (copied: boolean) => {
      status.className = "basis-full text-sm text-gray-700";
      status.textContent = copied ? say("Link copied.") : say("Could not copy: copy the address from the address bar.");
    };
    if (typeof navigator.share === "function")
      // CASE: she closes the share sheet -> the promise rejects; nothing to tell her.
      row.append(shareButton(say("Share…"), () => void navigator.share({ title, url }).catch(() => undefined)));
    if (navigator.clipboard)
      row.append(
        shareButton(say("Copy link"), () =>
          navigator.clipboard.writeText(url).then(
            () => said(true),
            () => said(false),
          ),
        ),
      );
    row.append(status);
  }
}
