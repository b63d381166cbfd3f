// The /signin page's own script when it is an islands page (ADR 045), loaded beside reader-page.ts there only. The
// sign-in panel's forms are plain posts to /signin, which answers with the page (the next step, or what to fix): this
// checks each before it goes, with the schemas' words (auth-checks.ts; zod stays on the server), says the button is
// busy once it goes, and wires up Show password. Without it the same forms work, checked by the server.
import { AUTH_CHECKS } from "../modules/accounts/auth-checks";
import { busyButtons, checkForms, passwordToggles } from "./form-checks";

checkForms(AUTH_CHECKS);
busyButtons();
passwordToggles();
