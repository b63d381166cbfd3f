import { useEffect, useMemo, useRef } from "react";
import { useFetcher } from "react-router";
import { getFormProps, getSelectProps } from "@conform-to/react";
import { FormNotice } from "~/components/ui/form-notice";
import { textParts } from "~/lib/i18n/parts";
import { FieldError, TextAreaField, TextField } from "~/components/forms/fields";
import { useSchemaForm } from "~/lib/forms";
import { RATING_DEFAULT, REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "~/modules/engagement/limits";
import { reviewSchema, type ContentType, type EngagementResult } from "~/modules/engagement/schemas";
import { SubmitButton } from "~/components/ui/submit-button";
import { engagementNotice } from "./engagement-notice";
import { useT } from "~/lib/i18n/use-t";

/** The review form (held for moderation); loaded only for signed-in readers, when they scroll to it. */
export default function ReviewForm({ contentType, contentId }: { contentType: ContentType; contentId: string }) {
  const fetcher = useFetcher<EngagementResult>();
  const t = useT();
  const optional = <span className="font-normal text-gray-600">{t("reviews.optional")}</span>;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useSchemaForm(reviewSchema, {
    id: `review-${contentId}`,
    defaultValue: { rating: String(RATING_DEFAULT) },
  });
  const busy = fetcher.state !== "idle";
  // One notice per answer (its identity decides when the notice scrolls into view and the form resets).
  const answered = useMemo(() => (fetcher.data ? engagementNotice(fetcher.data) : undefined), [fetcher.data]);
  const result = fetcher.state === "idle" ? answered : undefined;
  const clientError = fields.rating.errors?.[0] ?? fields.title.errors?.[0] ?? fields.body.errors?.[0];
  const notice = clientError ? { ok: false, title: t("reviews.couldNotSubmit"), message: clientError } : result;

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  const { key: ratingKey, ...ratingProps } = getSelectProps(fields.rating);
  return (
    <>
      <fetcher.Form ref={formRef} method="post" action="/engagement" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="contentType" value={contentType} />
        <input type="hidden" name="contentId" value={contentId} />
        <div>
          <label htmlFor={fields.rating.id} className="block text-sm font-medium text-gray-800">
            {t("reviews.rating")}
          </label>
          <select
            key={ratingKey}
            {...ratingProps}
            className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:w-48"
          >
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {textParts(t("reviews.starOption", { count: n }), n, " ")}
              </option>
            ))}
          </select>
          <FieldError meta={fields.rating} />
        </div>
        <TextField
          meta={fields.title}
          label={
            <>
              {`${t("reviews.titleField")} `}
              {optional}
            </>
          }
          required={false}
          maxLength={REVIEW_TITLE_MAX}
          autoComplete="off"
        />
        <TextAreaField
          meta={fields.body}
          label={
            <>
              {`${t("reviews.bodyField")} `}
              {optional}
            </>
          }
          maxLength={REVIEW_BODY_MAX}
        />
        <SubmitButton
          busy={busy}
          busyLabel={t("reviews.submitting")}
          label={t("reviews.submit")}
          className="w-full sm:w-auto"
        />
      </fetcher.Form>
      {/* Below the button she tapped, brought into view: above the form it would sit off a phone's screen. */}
      {notice ? <FormNotice notice={notice} className="mt-4" reveal /> : null}
    </>
  );
}
