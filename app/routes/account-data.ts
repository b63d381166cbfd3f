import type { Route } from "./+types/account-data";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { requireUser } from "~/modules/access/viewer.server";
import { exportPersonalData } from "~/modules/privacy/personal-data.server";

// "Download my data" (issue 35): everything the shop holds about the signed-in reader, as a JSON file. Only ever
// her own: the account comes from her session, never from the URL.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  const now = new Date();
  const data = await exportPersonalData(user.id, now);
  if (!data) throw new Response("Not found", { status: 404, headers: { "Cache-Control": PERSONAL_CACHE_CONTROL } });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="nuru-my-data-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": PERSONAL_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
