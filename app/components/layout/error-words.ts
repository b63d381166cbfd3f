import type { AppErrorPayload } from "~/lib/app-error";

/** The words of a route error response: ours (an AppError payload) or a refusal's `{ message }`. */
export function errorWords(data: unknown): Partial<AppErrorPayload> | null {
  if (!data || typeof data !== "object") return null;
  const { title, message, back } = data as Record<string, unknown>;
  if (typeof message !== "string") return null;
  return { title: typeof title === "string" ? title : undefined, message, back: back as AppErrorPayload["back"] };
}
