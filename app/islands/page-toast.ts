// A toast raised by an islands page's script (ADR 045), with the same look and words as the React Toast
// (app/components/ui/toast.tsx): one at a time, so it takes the place of any toast shown; gone after 6 s or when
// dismissed. Errors are announced assertively. A reader that covers the shell shows it inside itself.
import { say } from "../lib/page-words";

const TOAST_MS = 6000;

export function showToast(kind: "success" | "error", title: string, message?: string) {
  for (const old of document.querySelectorAll("[data-testid=toast]")) old.remove();
  const box = document.createElement("div");
  const error = kind === "error";
  box.setAttribute("role", error ? "alert" : "status");
  box.dataset.testid = "toast";
  box.className = `fixed inset-x-4 bottom-20 z-50 mx-auto max-w-sm rounded-lg border p-4 shadow-lg md:right-6 md:bottom-6 md:left-auto ${
    error ? "border-red-700 bg-red-700 text-white" : "border-emerald-200 bg-white text-gray-900"
  }`;
  const row = document.createElement("div");
  row.className = "flex items-start justify-between gap-3";
  const words = document.createElement("div");
  const heading = document.createElement("p");
  heading.className = "font-semibold";
  heading.textContent = title;
  words.append(heading);
  if (message) {
    const text = document.createElement("p");
    text.className = "mt-1 text-sm";
    text.textContent = message;
    words.append(text);
  }
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.setAttribute("aria-label", say("Dismiss"));
  dismiss.className = "-m-1 p-1 text-lg leading-none";
  dismiss.textContent = "×";
  dismiss.addEventListener("click", () => box.remove());
  row.append(words, dismiss);
  box.append(row);
  // Over an open reader (a dialog over the whole page: the PDF reader, text mode), inside it.
  (document.querySelector("[data-reader]") ?? document.body).append(box);
  setTimeout(() => box.remove(), TOAST_MS);
}
