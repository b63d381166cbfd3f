import { refusalOf } from "~/lib/action-result";
import type { FormResult } from "~/lib/forms";
import { LazyToast } from "~/components/ui/lazy-toast";
import { useRefusalToast } from "~/components/ui/refusal-toast";

// The order page posts several forms to one action; a refusal belongs to the form whose fields it carries (conform's
// reply keeps what was posted, the hidden `intent` and `refundId` with it).

/** The refused submission of this form (of this refund, for a refund's own forms), for its `lastResult`. */
export function lastResultFor(actionData: unknown, intent: string, refundId?: string): FormResult | null {
  const form = refusalOf(actionData)?.form;
  const posted = form?.initialValue;
  if (!form || posted?.intent !== intent) return null;
  return refundId === undefined || posted.refundId === refundId ? form : null;
}

/** The toast of the action's refusal (its title and message); shown again only for a new answer. */
export function RefusalToast({ actionData }: { actionData: unknown }) {
  return <LazyToast toast={useRefusalToast(actionData)} />;
}
