import { isAppError } from "~/lib/app-error";
import type { UploadChecks } from "~/modules/storage/uploads.server";
import { sectionsFromEpub } from "./epub-text.server";
import { READER_ERRORS } from "./reader-errors";
import type { Bucket, ObjectStorage } from "~/modules/storage/storage.server";

// Reads a stored EPUB the way the text-edition job will (ADR 032): null when it reads, else what is wrong with it in
// words the admin can act on. The upload's size limit (50 MB) bounds what is held in memory.
export async function epubProblem(storage: ObjectStorage, bucket: Bucket, key: string): Promise<string | null> {
  const file = await storage.get(bucket, key);
  if (!file) return "the file disappeared while it was checked.";
  try {
    sectionsFromEpub(file.bytes);
    return null;
  } catch (error) {
    // CASE: anything else the parser trips on -> the general words.
    return isAppError(error, READER_ERRORS.EPUB_UNREADABLE) ? error.message : READER_ERRORS.EPUB_UNREADABLE.message;
  }
}

/** The checks an admin upload runs on what it stored (receiveUpload): an EPUB must read as one. */
export const UPLOAD_CHECKS: UploadChecks = { epub: epubProblem };
