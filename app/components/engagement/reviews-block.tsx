import { lazy } from "react";
import { DeferredForm } from "./deferred-form";
import ServerReviewForm from "./review-form";
import { EngagementSection, SignInToWrite } from "./engagement-section";
import { formatDate } from "~/lib/format";
import { textParts } from "~/lib/i18n/parts";
import { useLocale, useT } from "~/lib/i18n/use-t";
import type { ContentType, ReviewItem, ReviewSummary } from "~/modules/engagement/schemas";

// The form is code only signed-in readers need, at the bottom of the page: it loads when the reader gets near it. The
// server renders it at once for a data-saver page (no script there to load it); the browser's build drops this import.
const ReviewForm = import.meta.env.SSR ? ServerReviewForm : lazy(() => import("./review-form"));

/** Five stars as text, read out as 'n out of 5 stars'. */
export function Stars({ rating }: { rating: number }) {
  const r = Math.max(0, Math.min(5, Math.round(rating)));
  const t = useT();
  return (
    <span role="img" aria-label={t("reviews.stars", { count: r })} className="tracking-wider text-amber-500">
      {"★".repeat(r)}
      <span className="text-gray-300">{"★".repeat(5 - r)}</span>
    </span>
  );
}

/** Approved reviews of an article or ebook, their average, and a form to write one (held for moderation). */
export function ReviewsBlock({
  contentType,
  contentId,
  summary,
  reviews,
  signedIn,
}: {
  contentType: ContentType;
  contentId: string;
  summary: ReviewSummary;
  reviews: ReviewItem[];
  signedIn: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <EngagementSection id="reviews" heading={t("reviews.title")}>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="review-summary">
        <span className="text-3xl font-bold text-gray-900">
          {summary.average === null ? (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">{t("reviews.noRatings")}</span>
            </>
          ) : (
            <>
              {summary.average.toFixed(1)}
              <span className="sr-only">{t("reviews.average")}</span>
            </>
          )}
        </span>
        {summary.average !== null ? (
          <span aria-hidden="true">
            <Stars rating={summary.average} />
          </span>
        ) : null}
        <span className="text-sm text-gray-700">
          {/* The count and its word as separate texts, as English wrote them ("3", " ", "reviews"). */}
          {textParts(t("reviews.count", { count: summary.count }), summary.count, " ")}
        </span>
      </div>

      {reviews.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">{t("reviews.none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-rose-100">
          {reviews.map((r) => (
            <li key={r.id} className="py-4" data-testid="review">
              <div className="flex flex-wrap items-center justify-between gap-2">
                {r.rating !== null ? <Stars rating={r.rating} /> : <span />}
                <span className="text-xs text-gray-600">
                  {r.authorName} · <time dateTime={r.createdAt}>{formatDate(r.createdAt, locale)}</time>
                </span>
              </div>
              {r.title ? <h3 className="mt-1 font-semibold break-words text-gray-900">{r.title}</h3> : null}
              {r.body ? <p className="mt-1 text-sm break-words whitespace-pre-line text-gray-800">{r.body}</p> : null}
            </li>
          ))}
        </ul>
      )}

      <div className="mt-6 border-t border-rose-100 pt-5">
        <h3 className="text-lg font-semibold text-gray-900">{t("reviews.write")}</h3>
        {!signedIn ? (
          <SignInToWrite label={t("reviews.signIn")} />
        ) : (
          <DeferredForm what="review">
            <ReviewForm contentType={contentType} contentId={contentId} />
          </DeferredForm>
        )}
      </div>
    </EngagementSection>
  );
}
