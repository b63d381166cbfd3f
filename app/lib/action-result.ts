import type { AppErrorPayload } from "./app-error";
import type { FormResult } from "./forms";

// One answer shape for every action (issue 31): `{ ok: true, ... }` when it did what was asked, or a refusal with the
// AppError's code, title and message (the toast's words) and, for a form, conform's reply (each field's errors and
// what was typed). Build refusals with `refusal` / `refuseForm` (server), read them with `refusalOf`.

export interface ActionRefusal {
  ok: false;
  error: AppErrorPayload;
  /** conform's reply for the form that was posted: field errors and what was typed (secrets left out). */
  form?: FormResult;
}

export type ActionResult<T extends object = object> = ({ ok: true } & T) | ActionRefusal;

/** The refusal in an action's answer, if it is one (for the toast and the form's `lastResult`). */
export function refusalOf(answer: unknown): ActionRefusal | null {
  return answer && typeof answer === "object" && "ok" in answer && answer.ok === false && "error" in answer
    ? (answer as ActionRefusal)
    : null;
}
