// Why an editor's article or ebook command was refused, in the toast's words (spec: 'Failed to create/update
// article: {message}', 'Failed to delete article: {message}', the same for ebooks). The admin commands throw them
// as AppError; the editor routes answer them with `refusal` / `refuseForm`.
import { AppError, defineErrors } from "~/lib/app-error";

export const CONTENT_ADMIN_ERRORS = defineErrors({
  /** A form the editor must correct; the words name the first thing to fix (see `notSaved`). */
  ARTICLE_NOT_SAVED: { status: 400, title: "Error", message: "Failed to save article: please check the form" },
  EBOOK_NOT_SAVED: { status: 400, title: "Error", message: "Failed to save ebook: please check the form" },
  /** Someone saved after this editor opened it: nothing is written, and her text stays in the form. */
  ARTICLE_EDIT_CONFLICT: {
    status: 409,
    title: "Article Changed",
    message:
      "Someone saved this article after you opened it. Your text is still in the form: copy what you need, then reload to see their version.",
  },
  /**
   * Saving an article published when a picture in its body has no description (issue 46): nothing is written; the
   * message names the pictures, and she can describe them or confirm publishing without (`publishWithoutAlt`).
   */
  ARTICLE_PICTURES_WITHOUT_ALT: {
    status: 400,
    title: "Pictures without a description",
    message: "Some pictures in the text have no description for readers who cannot see them.",
  },
  /**
   * The translation chosen is unknown, in the article's own language, or already another article's translation
   * (issue 50): nothing is written.
   */
  ARTICLE_TRANSLATION_REFUSED: {
    status: 400,
    title: "Error",
    message: "Failed to save article: choose a translation in the other language that has none yet",
  },
  EBOOK_TRANSLATION_REFUSED: {
    status: 400,
    title: "Error",
    message: "Failed to save ebook: choose a translation in the other language that has none yet",
  },
  EBOOK_EDIT_CONFLICT: {
    status: 409,
    title: "Error",
    message: "Failed to update ebook: Someone saved this ebook after you opened it. Reload to see their version.",
  },
  ARTICLE_DELETE_UNKNOWN: { status: 400, title: "Error", message: "Failed to delete article: unknown article" },
  ARTICLE_ALREADY_DELETED: { status: 404, title: "Error", message: "Failed to delete article: it was already deleted" },
  EBOOK_DELETE_UNKNOWN: { status: 400, title: "Error", message: "Failed to delete ebook: unknown ebook" },
  EBOOK_ALREADY_DELETED: { status: 404, title: "Error", message: "Failed to delete ebook: it was already deleted" },
});

/** 'Failed to create/update {what}: {reason}' (spec): a save refused for a reason the editor can correct. */
export function notSaved(what: "article" | "ebook", editing: boolean, reason: string): AppError {
  const def = what === "article" ? CONTENT_ADMIN_ERRORS.ARTICLE_NOT_SAVED : CONTENT_ADMIN_ERRORS.EBOOK_NOT_SAVED;
  return new AppError(def, `Failed to ${editing ? "update" : "create"} ${what}: ${reason}`);
}
