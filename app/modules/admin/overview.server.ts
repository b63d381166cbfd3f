import { getDb } from "~/db/client.server";
import { articles, ebooks, profiles, userSubscriptions } from "~/db/schema";
import { type AdminViewer } from "~/modules/access/policy";

/** Dashboard count cards (spec: articles, ebooks, profiles, user_subscriptions), for admins only. */
export async function getDashboardCounts(_admin: AdminViewer) {
  const db = getDb();
  const [a, e, p, s] = await Promise.all([
    db.$count(articles),
    db.$count(ebooks),
    db.$count(profiles),
    db.$count(userSubscriptions),
  ]);
  return { articles: a, ebooks: e, profiles: p, subscriptions: s };
}
