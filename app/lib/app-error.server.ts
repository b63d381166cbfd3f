import { data } from "react-router";
import { AppError, type AppErrorCode } from "./app-error";

/** Throw from a loader: the root error boundary shows the code's page with its status. */
export function appErrorResponse(code: AppErrorCode, detail?: string) {
  const error = new AppError(code, detail);
  return data(error.payload, { status: error.status });
}

/**
 * An action's refusal: answered as action data (a 4xx action does not reload the page's data, so the form keeps
 * what was typed and shows the toast from here).
 */
export function refusal(error: AppError) {
  return data({ ok: false as const, error: error.payload }, { status: error.status });
}

/** Runs a loader's reads; an AppError becomes its error page, anything else stays a 500 (and is logged). */
export async function orErrorPage<T>(load: () => Promise<T>, unexpected?: AppErrorCode): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error.code, error.detail);
    if (error instanceof Response || !unexpected) throw error;
    if (error && typeof error === "object" && "type" in error && error.type === "DataWithResponseInit") throw error;
    console.error(`Loading a page failed (${unexpected}):`, error);
    throw appErrorResponse(unexpected);
  }
}
