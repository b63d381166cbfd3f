// One file to /admin/uploads, for every upload control of the admin (the form's upload buttons, the article
// editor's toolbar, drop and paste). XMLHttpRequest, because it reports upload progress and fetch does not.
// Checks the size first, so a too-large file is refused at once; the server checks type and size again.

import { refusalOf } from "~/lib/action-result";

export interface UploadedAsset {
  id: string;
  key: string;
  url: string | null;
  size: number;
  contentType: string;
  pageCount: number | null;
}

export type UploadKind = "image" | "video" | "cover" | "pdf" | "epub";

export type UploadResult =
  { ok: true; asset: UploadedAsset; message: string } | { ok: false; title: string; message: string };

/** Sends `file`, calling `onProgress` with whole percents while it goes; never rejects. */
export function sendUpload(
  file: File,
  { kind, maxMb, what }: { kind: UploadKind; maxMb: number; what: string },
  onProgress: (percent: number) => void,
): Promise<UploadResult> {
  if (file.size > maxMb * 1024 * 1024)
    return Promise.resolve({ ok: false, title: "File too large", message: `File size must be less than ${maxMb}MB` });
  return new Promise((resolve) => {
    const body = new FormData();
    body.set("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/admin/uploads?kind=${kind}`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      // `{ ok: true, asset, message }`, or the one refusal shape (ActionRefusal) with the spec's words.
      const answer = xhr.response as { ok?: boolean; message?: string; asset?: UploadedAsset } | null;
      const refused = refusalOf(answer);
      if (answer?.ok && answer.asset) resolve({ ok: true, asset: answer.asset, message: answer.message ?? "" });
      else
        resolve({
          ok: false,
          title: refused?.error.title ?? "Upload failed",
          message: refused?.error.message ?? `Failed to upload ${what}: please try again.`,
        });
    };
    xhr.onerror = () =>
      resolve({ ok: false, title: "Upload failed", message: `Failed to upload ${what}: the connection was lost.` });
    onProgress(0);
    xhr.send(body);
  });
}
