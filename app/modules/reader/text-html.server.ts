import sanitizeHtml from "sanitize-html";
import { SANITIZE_OPTIONS, STORE_OPTIONS } from "~/lib/safe-html.server";
import { ID_SOURCE } from "~/lib/ids";

// An ebook's text edition (ADR 032) is cleaned with the same allow-list, except pictures: only its own pictures, served
// by its gated picture route (`/ebook/:id/text/picture/:n` of that very ebook), never an outside address or data:.
const EBOOK_PICTURE_SRC = new RegExp(`^/ebook/(${ID_SOURCE})/text/picture/(\\d{1,4})$`);

/** Where picture `n` of an ebook's text edition is served. */
export const ebookPictureSrc = (ebookId: string, n: number) => `/ebook/${ebookId}/text/picture/${n}`;

/** Whether `src` is one of this ebook's own text-edition pictures. */
export function isEbookPictureSrc(src: string | undefined, ebookId: string): boolean {
  const match = EBOOK_PICTURE_SRC.exec(src ?? "");
  return match !== null && match[1] === ebookId.toLowerCase();
}

const ebookTextOptions = (base: sanitizeHtml.IOptions, ebookId: string): sanitizeHtml.IOptions => ({
  ...base,
  allowedSchemesByTag: { ...(base.allowedSchemesByTag as Record<string, string[]>), img: [] },
  exclusiveFilter: (frame) =>
    (frame.tag === "img" && !isEbookPictureSrc(frame.attribs.src, ebookId)) ||
    (frame.tag === "p" && !frame.text.trim() && frame.mediaChildren.length === 0),
});

/** A text-edition block as it may be stored: the article allow-list, pictures only from this ebook's picture route. */
export function sanitizeEbookTextHtml(html: string, ebookId: string): string {
  return sanitizeHtml(html, ebookTextOptions(STORE_OPTIONS, ebookId)).trim();
}

/** A stored text-edition block as it is read: as safeHtml, pictures only from this ebook's picture route. */
export function safeEbookTextHtml(stored: string, ebookId: string): string {
  return sanitizeHtml(stored, ebookTextOptions(SANITIZE_OPTIONS, ebookId)).trim();
}
