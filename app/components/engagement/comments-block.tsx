import { lazy } from "react";
import { DeferredForm } from "./deferred-form";
import ServerCommentForm from "./comment-form";
import { EngagementSection, SignInToWrite } from "./engagement-section";
import { formatDate } from "~/lib/format";
import { useLocale, useT } from "~/lib/i18n/use-t";
import type { CommentItem } from "~/modules/engagement/schemas";

// The form is code only signed-in readers need, at the bottom of the page: it loads when the reader gets near it. The
// server renders it at once for a data-saver page (no script there to load it); the browser's build drops this import.
const CommentForm = import.meta.env.SSR ? ServerCommentForm : lazy(() => import("./comment-form"));

/** Approved comments of an article, and a form to write one (held for moderation). */
export function CommentsBlock({
  articleId,
  comments,
  signedIn,
}: {
  articleId: string;
  comments: CommentItem[];
  signedIn: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <EngagementSection
      id="comments"
      heading={
        <>
          {`${t("comments.title")} `}
          <span className="text-base font-normal text-gray-600">({comments.length})</span>
        </>
      }
    >
      {comments.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">{t("comments.none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-rose-100">
          {comments.map((c) => (
            <li key={c.id} className="py-4" data-testid="comment">
              <p className="text-sm">
                <span className="font-semibold text-gray-900">{c.authorName}</span>{" "}
                <span className="text-xs text-gray-600">
                  · <time dateTime={c.createdAt}>{formatDate(c.createdAt, locale)}</time>
                </span>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-gray-800">{c.body}</p>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-6 border-t border-rose-100 pt-5">
        {!signedIn ? (
          <>
            <h3 className="text-lg font-semibold text-gray-900">{t("comments.join")}</h3>
            <SignInToWrite label={t("comments.signIn")} />
          </>
        ) : (
          <DeferredForm what="comment">
            <CommentForm articleId={articleId} />
          </DeferredForm>
        )}
      </div>
    </EngagementSection>
  );
}
