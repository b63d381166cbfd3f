import { data } from "react-router";
import type { Route } from "./+types/uploads";
import { adminOf } from "~/modules/access/viewer.server";
import { isUploadKind, receiveUpload } from "~/modules/storage/uploads.server";

// POST /admin/uploads?kind=image|video|cover|pdf: one file, streamed to storage; answers JSON for the upload
// control (which shows progress while the browser sends it).

export async function loader({ context }: Route.LoaderArgs) {
  adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  // The admin check comes before a byte of the body is read.
  const viewer = adminOf(context);
  const kind = new URL(request.url).searchParams.get("kind");
  if (!isUploadKind(kind)) {
    return Response.json(
      { ok: false, title: "Upload failed", message: "Unknown kind of upload." },
      { status: 400, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  const outcome = await receiveUpload(request, viewer, kind);
  return Response.json(outcome, { status: outcome.status, headers: { "Cache-Control": "private, no-store" } });
}
