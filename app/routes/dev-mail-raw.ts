import type { Route } from "./+types/dev-mail-raw";
import { getEnv } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { loadStandIns } from "~/lib/stand-ins.server";

// One mail of the development outbox as the raw message it was sent as (RFC 5322), downloaded as <id>.eml, so a
// person can open it in a mail program or read its headers (List-Unsubscribe and the rest). Not in production.
const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

export async function loader({ params }: Route.LoaderArgs) {
  const standIns = loadStandIns();
  const id = /^(.+)\.eml$/.exec(params.file)?.[1];
  if (getEnv().isProduction || !standIns || !isId(id)) return notFound();
  const raw = await (await standIns).readOutboxRaw(id);
  if (!raw) return notFound();
  return new Response(raw, {
    headers: {
      "Content-Type": "message/rfc822",
      "Content-Disposition": `attachment; filename="nuru-mail-${id}.eml"`,
      // Mail holds personal data (addresses, signed links): never kept by a shared cache.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
