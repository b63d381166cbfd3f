import { data } from "react-router";
import type { z } from "zod";
import { readForm } from "./read-form.server";
import { parseForm } from "./forms";

/** Reads the posted form (size-checked, NUL-free) and parses it with the form's schema. */
export async function readSubmission<S extends z.ZodType>(request: Request, schema: S) {
  const form = await readForm(request);
  return { form, submission: parseForm(form, schema) };
}

/**
 * A refused submission: 400 (or the given status) with the field errors and what was typed, minus secrets, so the
 * form, with or without JavaScript, shows the messages and loses nothing.
 */
export function rejectSubmission(
  submission: ReturnType<typeof parseForm>,
  options: { status?: number; formErrors?: string[]; hideFields?: string[]; headers?: HeadersInit } = {},
) {
  return data(
    { result: submission.reply({ formErrors: options.formErrors, hideFields: options.hideFields }) },
    { status: options.status ?? 400, headers: options.headers },
  );
}
