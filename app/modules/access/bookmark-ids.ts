/**
 * Ids a signed-in reader has bookmarked, by kind (what her cards' bookmark toggles show).
 * Declared here because the viewer carries them; engagement writes them and re-exports this type,
 * so access need not import engagement (which imports access).
 */
export interface BookmarkIds {
  articles: string[];
  ebooks: string[];
}
