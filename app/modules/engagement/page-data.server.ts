import type { Viewer } from "~/modules/access/policy";
import { publicRead } from "~/lib/public-reads.server";
import { bookmarkedIds } from "./bookmarks.server";
import { listApprovedComments } from "./comments.server";
import { getReviewSummary, listApprovedReviews } from "./reviews.server";
import type { BookmarkIds, ContentType } from "./schemas";

/**
 * Ids the viewer has bookmarked, as arrays (serialisable route data); empty for guests. The request's viewer usually
 * brought them along (access/viewer.server.ts); otherwise they are read here.
 */
export async function bookmarksOf({
  viewer,
  bookmarks,
}: {
  viewer: Viewer;
  bookmarks: BookmarkIds | null;
}): Promise<BookmarkIds> {
  if (!viewer.user) return { articles: [], ebooks: [] };
  if (bookmarks) return bookmarks;
  const ids = await bookmarkedIds(viewer.user.id);
  return { articles: [...ids.articles], ebooks: [...ids.ebooks] };
}

/**
 * Approved reviews (and, for articles, comments) shown under a piece of content: the same for every reader (a new
 * one waits for moderation), so kept until the next content change (approving one is a change).
 */
export function engagementFor(contentType: ContentType, contentId: string) {
  return publicRead(`engagement:${contentType}:${contentId}`, async () => {
    const [summary, reviews, comments] = await Promise.all([
      getReviewSummary({ contentType, contentId }),
      listApprovedReviews({ contentType, contentId }),
      contentType === "article" ? listApprovedComments({ articleId: contentId }) : Promise.resolve([]),
    ]);
    return { summary, reviews, comments };
  });
}
