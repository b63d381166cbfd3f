import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

// One way to build a form: a zod schema per form, parsed by conform in the browser (before posting, and as the
// reader corrects a field) and by the action, so both give the same messages. The action answers a refused
// submission with `submission.reply()`; the form shows it through `lastResult`, keeping what was typed.

/** What an action returns for a refused submission (field errors, form errors, and what was typed). */
export type FormResult = SubmissionResult<string[]>;

/** Parses a posted form against its schema: the same call in the browser and in the action. */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S) {
  return parseWithZod(formData, { schema });
}

/** The first message of a refused submission, for the toast that names what to fix. */
export function firstFormError(submission: {
  status?: string;
  error?: Record<string, string[] | null> | null;
}): string {
  return Object.values(submission.error ?? {}).flat()[0] ?? "please check the form";
}

/** A form bound to its schema; pass the action's `result` as `lastResult`. */
export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  options: {
    id?: string;
    lastResult?: FormResult | null;
    defaultValue?: Partial<Record<keyof z.input<S> & string, string | string[] | boolean | null>>;
  } = {},
) {
  return useForm<z.input<S> & Record<string, unknown>, z.output<S>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema) as never,
  });
}
