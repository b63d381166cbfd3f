import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { FormNotice } from "~/components/ui/form-notice";
import { RATING_DEFAULT, REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "~/modules/engagement/limits";
import type { ContentType, EngagementResult } from "~/modules/engagement/schemas";
import { SubmitButton } from "~/components/ui/submit-button";

type FieldErrors = Partial<Record<string, string>>;

function firstErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}

const inputClass =
  "mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none";

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** The review form (held for moderation); loaded only for signed-in readers. */
export default function ReviewForm({ contentType, contentId }: { contentType: ContentType; contentId: string }) {
  const uid = useId();
  const fetcher = useFetcher<EngagementResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" && fetcher.data?.intent === "review" ? fetcher.data : undefined;
  const errors: FieldErrors = clientErrors ?? (result && !result.ok ? (result.fieldErrors ?? {}) : {});

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  // The form's zod schema loads on first submit, keeping it out of the page's initial JavaScript.
  async function validate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { reviewSchema } = await import("~/modules/engagement/schemas");
    const parsed = reviewSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (parsed.success) {
      setClientErrors(null);
      void fetcher.submit(form);
      return;
    }
    setClientErrors(firstErrors(parsed.error.issues));
  }

  const notice = clientErrors
    ? {
        ok: false,
        title: "Could not submit review",
        message: clientErrors.rating ?? clientErrors.title ?? clientErrors.body ?? "Please check the form.",
      }
    : result;

  return (
    <>
      {notice ? <FormNotice notice={notice} className="mt-3" /> : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/engagement"
        noValidate
        onSubmit={validate}
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="contentType" value={contentType} />
        <input type="hidden" name="contentId" value={contentId} />
        <div>
          <label htmlFor={`${uid}-rating`} className="block text-sm font-medium text-gray-800">
            Rating
          </label>
          <select
            id={`${uid}-rating`}
            name="rating"
            defaultValue={String(RATING_DEFAULT)}
            aria-invalid={errors.rating ? true : undefined}
            aria-describedby={errors.rating ? `${uid}-rating-error` : undefined}
            className={`${inputClass} sm:w-48`}
          >
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? "star" : "stars"}
              </option>
            ))}
          </select>
          <FieldError id={`${uid}-rating-error`} error={errors.rating} />
        </div>
        <div>
          <label htmlFor={`${uid}-title`} className="block text-sm font-medium text-gray-800">
            Title <span className="font-normal text-gray-600">(optional)</span>
          </label>
          <input
            id={`${uid}-title`}
            name="title"
            type="text"
            maxLength={REVIEW_TITLE_MAX}
            autoComplete="off"
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${uid}-title-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${uid}-title-error`} error={errors.title} />
        </div>
        <div>
          <label htmlFor={`${uid}-body`} className="block text-sm font-medium text-gray-800">
            Your review <span className="font-normal text-gray-600">(optional)</span>
          </label>
          <textarea
            id={`${uid}-body`}
            name="body"
            rows={4}
            maxLength={REVIEW_BODY_MAX}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${uid}-body-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${uid}-body-error`} error={errors.body} />
        </div>
        <SubmitButton busy={busy} busyLabel="Submitting..." label="Submit Review" className="w-full sm:w-auto" />
      </fetcher.Form>
    </>
  );
}
