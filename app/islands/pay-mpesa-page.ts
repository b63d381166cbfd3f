// The M-Pesa page's own script when it is an islands page (ADR 045), beside reader-page.ts there only: while the
// prompt is on her phone (or a pasted code is being checked), the page looks again every 5 s and shows the outcome
// in place, never while it is hidden (live-page.ts). Its forms are plain posts; their buttons say they are busy.
import { busyButtons } from "./form-checks";
import { livePage } from "./live-page";

livePage();
busyButtons();
