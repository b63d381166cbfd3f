import { data } from "react-router";
import type { ActionRefusal } from "./action-result";
import { AppError, type AppErrorCode, type ErrorDef } from "./app-error";
import type { FormResult } from "./forms";

/** Throw from a loader: the root error boundary shows the code's page with its status. */
export function appErrorResponse(error: AppError | AppErrorCode | ErrorDef, detail?: string) {
  const appError = error instanceof AppError ? error : new AppError(error, detail);
  return data(appError.payload, { status: appError.status });
}

/**
 * An action's refusal, the one shape every action answers with (`ActionRefusal`): the code's status, its title and
 * message for the toast, and, for a form, conform's reply (field errors and what was typed). A 4xx action does not
 * reload the page's data, so the form keeps what was typed and shows the toast from here.
 */
export function refusal(
  error: AppError | AppErrorCode | ErrorDef,
  options: { form?: FormResult; headers?: HeadersInit } = {},
) {
  const appError = error instanceof AppError ? error : new AppError(error);
  const answer: ActionRefusal = { ok: false, error: appError.payload, form: options.form };
  return data(answer, { status: appError.status, headers: options.headers });
}

/** Runs a loader's reads; an AppError becomes its error page, anything else stays a 500 (and is logged). */
export async function orErrorPage<T>(load: () => Promise<T>, unexpected?: AppErrorCode): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    if (error instanceof Response || !unexpected) throw error;
    if (error && typeof error === "object" && "type" in error && error.type === "DataWithResponseInit") throw error;
    console.error(`Loading a page failed (${unexpected}):`, error);
    throw appErrorResponse(unexpected);
  }
}

/**
 * A module command's refusal, returned (not thrown) where the caller needs more than the error: when a limit refused,
 * how long until she may try again (the answer's `Retry-After`). The route answers it with `refusal(refused.error)`.
 */
export interface Refused {
  ok: false;
  error: AppError;
  retryAfterMs?: number;
}

export function refused(error: AppError | AppErrorCode | ErrorDef, retryAfterMs?: number): Refused {
  return { ok: false, error: error instanceof AppError ? error : new AppError(error), retryAfterMs };
}
