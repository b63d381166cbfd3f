import { BookmarkButton } from "~/components/engagement/bookmark-button";
import type { BookmarkIds, ContentType } from "~/modules/engagement/schemas";
import { ArticleCard, type ArticleCardData } from "./article-card";
import { EbookCard, type EbookCardData } from "./ebook-card";
import { ArticleRow, type ArticleRowData } from "./article-row";

/** An article card with the bookmark toggle signed-in readers get. */
export function BookmarkableArticleCard({
  article,
  signedIn,
  bookmarks,
  headingLevel,
  priority,
}: {
  article: ArticleCardData;
  signedIn: boolean;
  bookmarks: BookmarkIds;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  return (
    <ArticleCard
      article={article}
      signedIn={signedIn}
      headingLevel={headingLevel}
      priority={priority}
      actions={bookmarkToggle("article", article, signedIn, bookmarks)}
    />
  );
}

/** The bookmark toggle of an article or an ebook for a signed-in reader (none for guests). */
function bookmarkToggle(
  contentType: ContentType,
  item: { id: string; title: string },
  signedIn: boolean,
  bookmarks: BookmarkIds,
) {
  const saved = contentType === "article" ? bookmarks.articles : bookmarks.ebooks;
  return signedIn ? (
    <BookmarkButton
      contentType={contentType}
      contentId={item.id}
      title={item.title}
      bookmarked={saved.includes(item.id)}
      signedIn
    />
  ) : undefined;
}

export function BookmarkableEbookCard({
  ebook,
  signedIn,
  bookmarks,
  headingLevel,
  priority,
}: {
  ebook: EbookCardData;
  signedIn: boolean;
  bookmarks: BookmarkIds;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  return (
    <EbookCard
      ebook={ebook}
      signedIn={signedIn}
      headingLevel={headingLevel}
      priority={priority}
      actions={bookmarkToggle("ebook", ebook, signedIn, bookmarks)}
    />
  );
}

/** A list of article cards in a grid (the grid classes vary by section). */
export function ArticleGrid({
  articles,
  className,
  testId,
  leadsPage,
  ...card
}: {
  articles: ArticleCardData[];
  className: string;
  testId?: string;
  signedIn: boolean;
  bookmarks: BookmarkIds;
  headingLevel?: 2 | 3;
  /** The grid is the first thing on its page: its first picture is fetched at once (LCP). */
  leadsPage?: boolean;
}) {
  return (
    <ul className={className} data-testid={testId}>
      {articles.map((a, i) => (
        <li key={a.id}>
          <BookmarkableArticleCard article={a} priority={leadsPage && i === 0} {...card} />
        </li>
      ))}
    </ul>
  );
}

export function EbookGrid({
  ebooks,
  className,
  leadsPage,
  ...card
}: {
  ebooks: EbookCardData[];
  className: string;
  signedIn: boolean;
  bookmarks: BookmarkIds;
  headingLevel?: 2 | 3;
  /** The grid is the first thing on its page: its first cover is fetched at once (LCP). */
  leadsPage?: boolean;
}) {
  return (
    <ul className={className}>
      {ebooks.map((e, i) => (
        <li key={e.id}>
          <BookmarkableEbookCard ebook={e} priority={leadsPage && i === 0} {...card} />
        </li>
      ))}
    </ul>
  );
}

/** A compact list of article rows, each with the bookmark toggle signed-in readers get. */
export function ArticleRows({
  articles,
  signedIn,
  bookmarks,
}: {
  articles: ArticleRowData[];
  signedIn: boolean;
  bookmarks: BookmarkIds;
}) {
  return (
    <ul className="grid gap-x-8 lg:grid-cols-2">
      {articles.map((a) => (
        <li key={a.id}>
          <ArticleRow article={a} actions={bookmarkToggle("article", a, signedIn, bookmarks)} />
        </li>
      ))}
    </ul>
  );
}
