// The payment status page's own script when it is an islands page (ADR 045), beside reader-page.ts there only: a
// pending payment is looked at again by itself, sooner at first, then slower (the server says when and the address),
// and never while the page is hidden (live-page.ts); "Subscription Started", rendered open by the server, becomes a
// real modal (focus kept inside, Escape closes, the page behind dimmed), as SubscriptionStartedDialog does in React.
import { livePage } from "./live-page";

livePage((part) => {
  const dialog = part.querySelector<HTMLDialogElement>("dialog[open]");
  if (!dialog || dialog.matches(":modal")) return;
  dialog.close();
  dialog.showModal();
});
