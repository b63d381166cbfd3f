// Why an upload was refused, in the spec's words (the toast of the upload control). The words name the kind of file
// (`Failed to upload cover image: ...`), so the upload commands give each refusal its message.
import { defineErrors } from "~/lib/app-error";

export const UPLOAD_ERRORS = defineErrors({
  UPLOAD_TOO_LARGE: { status: 413, title: "File too large", message: "The file is larger than this kind allows." },
  UPLOAD_WRONG_TYPE: { status: 415, title: "Invalid file type", message: "This kind of file cannot be uploaded here." },
  UPLOAD_FAILED: { status: 400, title: "Upload failed", message: "Failed to upload the file: please try again." },
  /** Bytes sharp cannot read as an image (or too many pixels to decode safely); the upload names the kind. */
  IMAGE_UNREADABLE: {
    status: 400,
    title: "Upload failed",
    message: "Failed to upload image: this image could not be read. Save it again (JPG, PNG or WebP) and retry.",
  },
});
