import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { FormNotice } from "~/components/ui/form-notice";
import { COMMENT_MAX } from "~/modules/engagement/limits";
import type { EngagementResult } from "~/modules/engagement/schemas";
import { SubmitButton } from "~/components/ui/submit-button";

interface Notice {
  ok: boolean;
  title: string;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
}

/** The comment form (held for moderation); loaded only for signed-in readers. */
export default function CommentForm({ articleId }: { articleId: string }) {
  const fieldId = `${useId()}-body`;
  const fetcher = useFetcher<EngagementResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientNotice, setClientNotice] = useState<Notice | null>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" && fetcher.data?.intent === "comment" ? fetcher.data : undefined;
  const notice: Notice | undefined = clientNotice ?? result;
  const bodyError = notice && !notice.ok ? notice.fieldErrors?.body : undefined;

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  // The form's zod schema loads on first submit, keeping it out of the page's initial JavaScript.
  async function validate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { commentSchema, isEmptyCommentError } = await import("~/modules/engagement/schemas");
    const parsed = commentSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (parsed.success) {
      setClientNotice(null);
      void fetcher.submit(form);
      return;
    }
    const body = parsed.error.issues.find((i) => i.path[0] === "body")?.message;
    setClientNotice({
      ok: false,
      title: isEmptyCommentError(parsed.error) ? "Empty comment" : "Could not submit comment",
      message: body ?? "Please try again.",
      fieldErrors: body ? { body } : undefined,
    });
  }

  return (
    <>
      {notice ? <FormNotice notice={notice} className="mb-4" /> : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/engagement"
        noValidate
        onSubmit={validate}
        className="space-y-3"
      >
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="articleId" value={articleId} />
        <div>
          <label htmlFor={fieldId} className="block text-lg font-semibold text-gray-900">
            Leave a comment
          </label>
          <p id={`${fieldId}-hint`} className="text-sm text-gray-600">
            Up to {COMMENT_MAX} characters. Comments appear once approved.
          </p>
          <textarea
            id={fieldId}
            name="body"
            rows={4}
            required
            maxLength={COMMENT_MAX}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={bodyError ? `${fieldId}-hint ${fieldId}-error` : `${fieldId}-hint`}
            className="mt-2 w-full rounded-md border border-gray-300 px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
          {bodyError ? (
            <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-700">
              {bodyError}
            </p>
          ) : null}
        </div>
        <SubmitButton busy={busy} busyLabel="Posting..." label="Post Comment" className="w-full sm:w-auto" />
      </fetcher.Form>
    </>
  );
}
