import type { ActionRefusal } from "~/lib/action-result";
import { APP_ERRORS } from "~/lib/app-error";
import { FormNotice } from "~/components/ui/form-notice";

/**
 * Above a form opened from an e-mailed link (confirm the address, choose a new password): a refusal that is not a
 * field's says so; a broken or missing link shows as the hidden token's message. The fields' own messages show beside
 * them.
 */
export function LinkFormProblem({ refused, tokenError }: { refused: ActionRefusal | null; tokenError?: string }) {
  const problem = (refused?.error.code === APP_ERRORS.VALIDATION.code ? null : refused?.error) ?? {
    title: "Error",
    message: tokenError,
  };
  return problem.message ? <FormNotice notice={{ ok: false, title: problem.title, message: problem.message }} /> : null;
}
