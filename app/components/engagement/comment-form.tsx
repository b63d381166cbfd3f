import { useEffect, useMemo, useRef } from "react";
import { useFetcher } from "react-router";
import { getFormProps } from "@conform-to/react";
import { FormNotice } from "~/components/ui/form-notice";
import { TextAreaField } from "~/components/forms/fields";
import { useSchemaForm } from "~/lib/forms";
import { COMMENT_MAX } from "~/modules/engagement/limits";
import { commentSchema, type EngagementResult } from "~/modules/engagement/schemas";
import { SubmitButton } from "~/components/ui/submit-button";
import { engagementNotice } from "./engagement-notice";
import { useT } from "~/lib/i18n/use-t";

/** The comment form (held for moderation); loaded only for signed-in readers, when they scroll to it. */
export default function CommentForm({ articleId }: { articleId: string }) {
  const fetcher = useFetcher<EngagementResult>();
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useSchemaForm(commentSchema, { id: `comment-${articleId}` });
  const busy = fetcher.state !== "idle";
  // One notice per answer (its identity decides when the notice scrolls into view and the form resets).
  const answered = useMemo(() => (fetcher.data ? engagementNotice(fetcher.data) : undefined), [fetcher.data]);
  const result = fetcher.state === "idle" ? answered : undefined;
  const clientError = fields.body.errors?.[0];
  const notice = clientError
    ? {
        ok: false,
        title: String(fields.body.value ?? "").trim() ? t("comments.couldNotSubmit") : t("comments.empty"),
        message: clientError,
      }
    : result;

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  return (
    <>
      <fetcher.Form ref={formRef} method="post" action="/engagement" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="articleId" value={articleId} />
        <TextAreaField
          meta={fields.body}
          label={<span className="text-lg font-semibold text-gray-900">{t("comments.leave")}</span>}
          hint={t("comments.hint", { max: COMMENT_MAX })}
          required
          maxLength={COMMENT_MAX}
        />
        <SubmitButton
          busy={busy}
          busyLabel={t("comments.posting")}
          label={t("comments.post")}
          className="w-full sm:w-auto"
        />
      </fetcher.Form>
      {/* Below the button she tapped, brought into view: above the box it would sit off a phone's screen. */}
      {notice ? <FormNotice notice={notice} className="mt-4" reveal /> : null}
    </>
  );
}
