// What an article's card shows that is computed from its body: reading time and the card excerpt. Computed when the
// article is written and stored with it, so lists never read bodies (issue 14); computed the same way on read when
// a row has not been filled in yet.
import type { RichBlock } from "~/db/schema";
import { cutAtWord, plainText, readingMinutes } from "./text";

export interface ArticleBody {
  content: string;
  richContent: RichBlock[] | null;
}

/** The article's readable text: its rich text blocks, else its content. Previews and reading time come from it. */
export function bodyText(body: ArticleBody | undefined): string {
  if (!body) return "";
  const blocks = body.richContent?.filter((b) => b.type === "text").map((b) => b.content) ?? [];
  return plainText(blocks.length ? blocks.join(" ") : body.content);
}

export const CARD_EXCERPT_CHARS = 160;

export function cardText(article: ArticleBody & { excerpt: string | null }, text = bodyText(article)) {
  return {
    readingMinutes: readingMinutes(text),
    cardExcerpt: article.excerpt?.trim() || cutAtWord(text, CARD_EXCERPT_CHARS),
  };
}
