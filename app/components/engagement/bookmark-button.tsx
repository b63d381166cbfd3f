import { useState } from "react";
import { Bookmark } from "~/components/ui/icons";
import { useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import type { ContentType } from "~/modules/engagement/schemas";
import { signInHref } from "~/lib/sign-in-href";
import type { Shown } from "./bookmark-post";
import { useT } from "~/lib/i18n/use-t";
import { useTemplateMarks } from "~/components/template-marks";

// Styles in app.css (.bm, .bm-on, .bm-off, .bm-form, .bm-note): the toggle repeats on every card a signed-in reader sees.

/**
 * Bookmark button for an article or ebook. A tap sends the state she asks for with its time (bookmark-post.ts, loaded
 * on the first tap) and shows it at once; with no connection the service worker queues it (ADR 033) and the button
 * says so. Without JavaScript the form posts a toggle. Signed out, it is a link to sign in.
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
  const { revalidate } = useRevalidator();
  const owner = (useRouteLoaderData("root") as { user?: { offlineKey?: string } } | undefined)?.user?.offlineKey;
  // What she asked for while the page's data says otherwise (queued offline, or until the page reloads its data).
  const [asked, setAsked] = useState<Shown & { of: string }>();
  const t = useT();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders templates
  const marks = import.meta.env.SSR ? useTemplateMarks() : null;
  if (!signedIn) {
    const href = signInHref(location.pathname + location.search);
    // A plain anchor: the sign-in dialog's handler (root) takes the click, and without JavaScript it opens /signin.
    return (
      <a href={href} aria-label={t("bookmark.signIn", { title })} className={`bm bm-off ${className}`}>
        <Bookmark aria-hidden="true" className="h-5 w-5" />
        {showLabel ? <span>{t("bookmark.add")}</span> : null}
      </a>
    );
  }

  const of = contentId + bookmarked;
  const mine = asked?.of === of ? asked : undefined;

  // A page shared by her access level (ADR 049): both ways, and the server keeps hers (on if she bookmarked it).
  if (marks) {
    const { open, or, end } = marks(`bm:${contentType}:${contentId}`);
    return (
      <>
        {open}
        {toggle(false)}
        {or}
        {toggle(true)}
        {end}
      </>
    );
  }
  return toggle(mine ? mine.on : bookmarked);

  function toggle(on: boolean) {
    return (
      <form
        method="post"
        action="/engagement"
        className="bm-form"
        onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          void import("./bookmark-post").then((m) =>
            m.tap(form, !on, owner, (s) => setAsked({ of, ...s }), revalidate),
          );
        }}
      >
        <input type="hidden" name="intent" value="bookmark" />
        <input type="hidden" name="contentType" value={contentType} />
        <input type="hidden" name="contentId" value={contentId} />
        <button
          type="submit"
          aria-pressed={on}
          aria-label={on ? t("bookmark.removeTitle", { title }) : t("bookmark.addTitle", { title })}
          className={`bm ${on ? "bm-on" : "bm-off"} ${className}`}
        >
          <Bookmark aria-hidden="true" className={on ? "h-5 w-5 fill-current" : "h-5 w-5"} />
          {showLabel ? <span>{on ? t("bookmark.remove") : t("bookmark.add")}</span> : null}
        </button>
        <span role="status" className="bm-note">
          {mine?.note}
        </span>
      </form>
    );
  }
}
