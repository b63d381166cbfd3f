import { data } from "react-router";
import type { Route } from "./+types/uploads";
import { adminOf } from "~/modules/access/viewer.server";
import { isUploadKind, receiveUpload } from "~/modules/storage/uploads.server";
import { UPLOAD_ERRORS } from "~/modules/storage/upload-errors";
import { UPLOAD_CHECKS } from "~/modules/reader/epub-check.server";
import { AppError, isAppError } from "~/lib/app-error";
import type { ActionRefusal, ActionResult } from "~/lib/action-result";

const NO_STORE = { "Cache-Control": "private, no-store" };

// POST /admin/uploads?kind=image|video|cover|pdf|epub: one file, streamed to storage; answers JSON for the upload
// control (which shows progress while the browser sends it).

export async function loader({ context }: Route.LoaderArgs) {
  adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  // The admin check comes before a byte of the body is read.
  const viewer = adminOf(context);
  const kind = new URL(request.url).searchParams.get("kind");
  try {
    if (!isUploadKind(kind)) throw new AppError(UPLOAD_ERRORS.UPLOAD_FAILED, "Unknown kind of upload.");
    const stored = await receiveUpload(request, viewer, kind, UPLOAD_CHECKS);
    return Response.json(stored satisfies ActionResult, { status: 201, headers: NO_STORE });
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The one refusal shape (ActionRefusal), as JSON: the upload control shows its title and message.
    const answer: ActionRefusal = { ok: false, error: error.payload };
    return Response.json(answer, { status: error.status, headers: NO_STORE });
  }
}
