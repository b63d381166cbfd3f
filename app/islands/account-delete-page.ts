// /account/delete's own script when it is an islands page (ADR 045), loaded beside reader-page.ts there only: Show
// password and "Deleting..." once the form goes (one tap deletes once). Without it the form is a plain post, checked
// by the server, which answers with what to fix.
import { busyButtons, passwordToggles } from "./form-checks";

busyButtons();
passwordToggles();
