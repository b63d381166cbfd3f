// Where readers come from (issue 46, ADR "count, do not track"): an arrival at a public page from another site or from
// a link with a campaign is one added to a number for its Nairobi day, the other site's domain and the campaign. Only
// the domain is kept (a referrer's path or query can say what she searched for or read), and nothing about who came.
// Counted in memory like page views and added to `source_daily_counts` by the same flush (counter.server.ts).
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { singleton } from "~/lib/singleton.server";

export interface ArrivalSource {
  /** The other site's host name, lower case, without a leading "www."; empty when the link named only a campaign. */
  domain: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

const DOMAIN_LENGTH = 100;
const CAMPAIGN_LENGTH = 60;
/**
 * How many distinct day-and-source counters one process keeps between flushes. Anyone can send any Referer or
 * utm_campaign, so past this a new source is counted as "(other)" rather than growing memory and the table.
 */
export const SOURCE_COUNTER_LIMIT = 2_000;
export const OTHER_SOURCES = "(other)";

const state = singleton("analytics-sources", () => ({ sources: new Map<string, number>() }));

/** A campaign word as counted: printable, lower case, spaces collapsed, at most 60 characters. */
export function normalizeCampaign(value: string | null): string {
  return (value ?? "")
    .normalize("NFKC")
    .replace(/[\p{C}]/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, CAMPAIGN_LENGTH)
    .trim();
}

/** The other site's domain of a Referer (an app's referrer such as android-app://com.whatsapp/ names the app). */
export function referrerDomain(referer: string | undefined, ownHost: string): string {
  if (!referer) return "";
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return "";
  }
  const host = from.hostname
    .toLowerCase()
    .replace(/^www\./, "")
    .replace(/\.$/, "");
  if (!host || host === ownHost.toLowerCase().replace(/^www\./, "")) return "";
  // A host name is letters, digits, dots and hyphens (an address literal is kept as it is: it names no person).
  return /^[a-z0-9.:[\]-]+$/.test(host) ? host.slice(0, DOMAIN_LENGTH) : "";
}

/**
 * Where an arrival at `pageUrl` came from, or null when it came from the shop itself (or says nothing): another
 * site's domain from the Referer, and the campaign from the page address's utm_ parameters.
 */
export function arrivalSource(pageUrl: URL, referer: string | undefined): ArrivalSource | null {
  const source: ArrivalSource = {
    domain: referrerDomain(referer, pageUrl.hostname),
    utmSource: normalizeCampaign(pageUrl.searchParams.get("utm_source")),
    utmMedium: normalizeCampaign(pageUrl.searchParams.get("utm_medium")),
    utmCampaign: normalizeCampaign(pageUrl.searchParams.get("utm_campaign")),
  };
  return source.domain || source.utmSource || source.utmMedium || source.utmCampaign ? source : null;
}

/** Adds one arrival from `source` on Nairobi `day` (YYYY-MM-DD). */
export function addArrival(source: ArrivalSource, day: string): void {
  let key = [day, source.domain, source.utmSource, source.utmMedium, source.utmCampaign].join("\u0000");
  if (!state.sources.has(key) && state.sources.size >= SOURCE_COUNTER_LIMIT)
    key = [day, OTHER_SOURCES, "", "", ""].join("\u0000");
  state.sources.set(key, (state.sources.get(key) ?? 0) + 1);
}

/** How many day-and-source counters wait in memory (tests). */
export function pendingSourceCounters(): number {
  return state.sources.size;
}

/** Adds the arrivals counted in memory to the database in one upsert; on failure they wait for the next flush. */
export async function flushSourceCounts(db: Database): Promise<void> {
  if (state.sources.size === 0) return;
  const sources = state.sources;
  state.sources = new Map();
  const rows = [...sources].map(([key, arrivals]) => {
    const [day, domain, utm_source, utm_medium, utm_campaign] = key.split("\u0000");
    return { day, domain, utm_source, utm_medium, utm_campaign, arrivals };
  });
  try {
    await db.execute(sql`
      insert into source_daily_counts as t (day, domain, utm_source, utm_medium, utm_campaign, arrivals)
      select day, domain, utm_source, utm_medium, utm_campaign, arrivals
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as v(day date, domain text, utm_source text, utm_medium text, utm_campaign text, arrivals int)
      on conflict (day, domain, utm_source, utm_medium, utm_campaign) do update set
        arrivals = t.arrivals + excluded.arrivals`);
  } catch (error) {
    for (const [key, arrivals] of sources) state.sources.set(key, (state.sources.get(key) ?? 0) + arrivals);
    throw error;
  }
}
