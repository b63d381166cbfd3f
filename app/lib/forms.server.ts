import type { z } from "zod";
import { AppError, type AppErrorCode, type ErrorDef } from "./app-error";
import { refusal } from "./app-error.server";
import { readForm } from "./read-form.server";
import { firstFormError, parseForm } from "./forms";

/** Reads the posted form (size-checked, NUL-free) and parses it with the form's schema. */
export async function readSubmission<S extends z.ZodType>(request: Request, schema: S) {
  const form = await readForm(request);
  return { form, submission: parseForm(form, schema) };
}

/**
 * A refused submission in the one refusal shape (`ActionRefusal`): VALIDATION (400) naming the first thing to fix, or
 * the given refusal (a code or a domain's definition, e.g. a taken slug), with the field errors and what was typed,
 * minus secrets, so the form, with or without JavaScript, shows the messages and loses nothing.
 */
export function refuseForm(
  submission: ReturnType<typeof parseForm>,
  options: {
    error?: AppError | AppErrorCode | ErrorDef;
    /** Errors for named fields the schema could not know (e.g. `{ slug: ["Another plan already uses this link."] }`). */
    fieldErrors?: Record<string, string[]>;
    formErrors?: string[];
    hideFields?: string[];
    headers?: HeadersInit;
  } = {},
) {
  const form = submission.reply({
    formErrors: options.formErrors,
    fieldErrors: options.fieldErrors,
    hideFields: options.hideFields,
  });
  const error =
    options.error ??
    new AppError(
      "VALIDATION",
      firstFormError({
        error: { ...(submission.status === "success" ? {} : submission.error), ...options.fieldErrors },
      }),
    );
  return refusal(error, { form, headers: options.headers });
}
