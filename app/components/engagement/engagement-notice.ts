import { refusalOf } from "~/lib/action-result";
import type { EngagementResult } from "~/modules/engagement/schemas";

/** The notice for an answer of POST /engagement: what was done, or the refusal's title and message. */
export function engagementNotice(answer: EngagementResult): { ok: boolean; title: string; message: string } {
  const refused = refusalOf(answer);
  if (refused) return { ok: false, title: refused.error.title, message: refused.error.message };
  return answer.ok ? { ok: true, title: answer.title, message: answer.message } : { ok: false, title: "", message: "" };
}
