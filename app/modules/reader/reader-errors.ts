import { defineErrors } from "~/lib/app-error";

// The reader's refusals that reach a person: the spec's download messages (section 8), an EPUB the text edition
// cannot be made from (told to the admin who uploaded it), and a text setting the reader's buttons do not send.
const FAILED = "Download Failed";

export const READER_ERRORS = defineErrors({
  DOWNLOAD_SIGN_IN: { status: 401, title: "Authentication Required", message: "Authentication required for download." },
  DOWNLOAD_NOT_FOUND: { status: 404, title: FAILED, message: "Ebook not found or not available for download." },
  DOWNLOAD_DENIED: { status: 403, title: FAILED, message: "You do not have permission to download this ebook." },
  /** The hourly limit; the message then says when she may try again (the refusal's detail). */
  DOWNLOAD_LIMIT: {
    status: 429,
    title: "Download Limit Exceeded",
    message: "Download limit exceeded. Please wait before downloading again.",
  },
  DOWNLOAD_FAILED: { status: 500, title: FAILED, message: "Failed to generate download link. Please try again." },
  /** An EPUB the text edition cannot be made from (the upload check and the edition job); the detail says why. */
  EPUB_UNREADABLE: {
    status: 422,
    title: "EPUB not readable",
    message: "this EPUB could not be read. Export it again and retry.",
  },
  /** The open reader asked for a fresh file URL and may not read the ebook now: it closes with the spec's words. */
  READER_ACCESS_ENDED: {
    status: 404,
    title: "Access denied",
    message: "You do not have permission to view this ebook.",
  },
  READING_PLACE_NOT_SAVED: {
    status: 404,
    title: "Place not saved",
    message: "Your place in this ebook was not saved.",
  },
  /** A place queued offline, replayed under someone else's session (ADR 033). */
  READING_PLACE_NOT_YOURS: { status: 409, title: "Place not saved", message: "You are signed in as someone else." },
  TEXT_SETTING_UNKNOWN: { status: 400, title: "Setting not changed", message: "Unknown setting." },
});
