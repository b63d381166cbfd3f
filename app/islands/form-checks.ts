// Forms on an islands page (ADR 045) as conform shows them on a React page, in plain DOM code: each form is checked
// before it is posted and, once refused (here or by the server), again as she types, with each field's message under
// it in FormField's markup (the ids conform gives: `<form id>-<name>`, its `-error` and `-description`). A form that
// passes is posted as a plain form, and its buttons say they are busy. Without script the server checks the same.

import { say } from "../lib/page-words";

/** The first message per field of a form's values (none: it may be posted). */
export type FormCheck = (values: Record<string, string>) => Partial<Record<string, string>>;

const ERROR_CLASS = "mt-1 text-sm text-red-700";

function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, name) => {
    if (typeof value === "string") values[name] ??= value;
  });
  return values;
}

/** The fields she fills in (hidden ones carry what the page put there). */
function fieldsOf(form: HTMLFormElement) {
  return [
    ...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select"),
  ]
    .filter((field) => field.name && field.type !== "hidden" && field.type !== "submit")
    .filter((field) => field.id === `${form.id}-${field.name}`);
}

/** Each field's message shown or taken away, with its aria-invalid and aria-describedby as FormField sets them. */
function show(form: HTMLFormElement, messages: Partial<Record<string, string>>) {
  for (const field of fieldsOf(form)) {
    const message = messages[field.name];
    const errorId = `${field.id}-error`;
    const hint = document.getElementById(`${field.id}-description`);
    let error = document.getElementById(errorId);
    if (message) {
      if (!error) {
        error = document.createElement("p");
        error.id = errorId;
        error.className = ERROR_CLASS;
        // The field's box is the label's (a password's input sits one box deeper, beside its Show button).
        (form.querySelector(`label[for="${field.id}"]`)?.parentElement ?? field.parentElement)?.append(error);
      }
      // A Swahili page's words for the check's English message (app/lib/page-words.ts).
      error.textContent = say(message);
      field.setAttribute("aria-invalid", "true");
    } else {
      error?.remove();
      field.removeAttribute("aria-invalid");
    }
    const describedBy = [hint?.id, message ? errorId : null].filter(Boolean).join(" ");
    if (describedBy) field.setAttribute("aria-describedby", describedBy);
    else field.removeAttribute("aria-describedby");
  }
}

/** Checks each form by its id; a refused form is checked again as she types, and its first wrong field focused. */
export function checkForms(checks: Record<string, FormCheck>) {
  for (const [id, check] of Object.entries(checks)) {
    const form = document.getElementById(id);
    if (!(form instanceof HTMLFormElement)) continue;
    // The server refused it already (a post without script, or one the browser let through): as she types, too.
    let refused = form.querySelector("[aria-invalid=true]") !== null;
    const run = () => {
      const messages = check(valuesOf(form));
      show(form, messages);
      return messages;
    };
    form.addEventListener("submit", (e) => {
      const messages = run();
      if (!Object.keys(messages).length) return;
      e.preventDefault();
      refused = true;
      fieldsOf(form)
        .find((field) => messages[field.name])
        ?.focus();
    });
    form.addEventListener("input", () => refused && run());
  }
}

/**
 * A form on its way: its submit buttons are disabled (no second payment or sign-in from a second tap) and one with a
 * `data-busy-label` says it ("Signing in..."). After the browser has read the pressed button's value (a disabled
 * button posts nothing), and undone when she comes back to the page from her history.
 */
export function busyButtons() {
  const idle = new Map<HTMLButtonElement, string>();
  document.addEventListener("submit", (e) => {
    if (e.defaultPrevented) return;
    const buttons = [...(e.target as HTMLFormElement).querySelectorAll<HTMLButtonElement>("button[type=submit]")];
    setTimeout(() => {
      for (const button of buttons) {
        idle.set(button, button.textContent ?? "");
        button.disabled = true;
        if (button.dataset.busyLabel) button.textContent = button.dataset.busyLabel;
      }
    });
  });
  addEventListener("pageshow", (e) => {
    if (!e.persisted) return;
    for (const [button, label] of idle) {
      button.disabled = false;
      button.textContent = label;
    }
    idle.clear();
  });
}

/** A password's Show/Hide button (PasswordField). */
export function passwordToggles() {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-password-toggle]")) {
    const input = button.parentElement?.querySelector("input");
    const label = button.dataset.passwordToggle!;
    // A Swahili page's words for the two states (data-show, data-hide); an English page's button has none.
    const [show, hide] = [button.dataset.show ?? say("Show"), button.dataset.hide ?? say("Hide")];
    if (!input) continue;
    button.addEventListener("click", () => {
      const shown = input.type === "password";
      input.type = shown ? "text" : "password";
      const word = shown ? hide : show;
      button.textContent = word;
      button.setAttribute("aria-label", `${word} ${label}`);
    });
  }
}
