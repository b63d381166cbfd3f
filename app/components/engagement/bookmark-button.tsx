import { Bookmark } from "~/components/ui/icons";
import { useFetcher, useLocation } from "react-router";
import type { ContentType, EngagementResult } from "~/modules/engagement/schemas";
import { signInHref } from "~/lib/sign-in-href";

// Styles in app.css (.bm, .bm-on, .bm-off): the toggle repeats on every card a signed-in reader sees.

/**
 * Bookmark toggle for an article or ebook. Shows the new state at once (from the pending form) and
 * falls back to the server's answer; signed out, it is a link to sign in.
 */
export function BookmarkButton({
  contentType,
  contentId,
  title,
  bookmarked,
  signedIn,
  showLabel = false,
  className = "",
}: {
  contentType: ContentType;
  contentId: string;
  title: string;
  bookmarked: boolean;
  signedIn: boolean;
  /** Visible text beside the icon: 'Bookmark' or 'Remove'. */
  showLabel?: boolean;
  className?: string;
}) {
  const location = useLocation();
  const fetcher = useFetcher<EngagementResult>();

  if (!signedIn) {
    const href = signInHref(location.pathname + location.search);
    // A plain anchor: the sign-in dialog's handler (root) takes the click, and without JavaScript it opens /signin.
    return (
      <a href={href} aria-label={`Sign in to bookmark ${title}`} className={`bm bm-off ${className}`}>
        <Bookmark aria-hidden="true" className="h-5 w-5" />
        {showLabel ? <span>Bookmark</span> : null}
      </a>
    );
  }

  // While the toggle is in flight (and the page revalidates), show the state it asks for.
  const pending = fetcher.formData?.get("intent") === "bookmark";
  const on = pending ? !bookmarked : bookmarked;
  const failed = fetcher.state === "idle" && fetcher.data?.intent === "bookmark" && !fetcher.data.ok;

  return (
    <fetcher.Form method="post" action="/engagement" className="inline-flex">
      <input type="hidden" name="intent" value="bookmark" />
      <input type="hidden" name="contentType" value={contentType} />
      <input type="hidden" name="contentId" value={contentId} />
      <button
        type="submit"
        aria-pressed={on}
        aria-label={on ? `Remove bookmark ${title}` : `Bookmark ${title}`}
        aria-disabled={fetcher.state !== "idle" ? true : undefined}
        onClick={(e) => {
          // One toggle at a time; the button stays focusable (a disabled button would drop focus).
          if (fetcher.state !== "idle") e.preventDefault();
        }}
        className={`bm ${on ? "bm-on" : "bm-off"} ${className}`}
      >
        <Bookmark aria-hidden="true" className={on ? "h-5 w-5 fill-current" : "h-5 w-5"} />
        {showLabel ? <span>{on ? "Remove" : "Bookmark"}</span> : null}
      </button>
      {failed ? (
        <span role="alert" className="sr-only">
          {fetcher.data?.ok === false ? `${fetcher.data.title}: ${fetcher.data.message}` : null}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
