// IP address -> country, offline: geoip-country ships MaxMind's GeoLite2 country data in the npm package (no
// network at run time). Loading it costs ~25 MB of memory and ~30 ms, so it is loaded on the first lookup, not at
// start (processes that never price anything, like migrations and jobs, never pay for it).
import { isIP } from "node:net";

export interface IpCountry {
  code: string;
  continentCode: string | null;
}

type GeoipModule = { lookup(ip: string): { country?: string; continent?: string } | null };
let loading: Promise<GeoipModule> | undefined;

function geoip(): Promise<GeoipModule> {
  loading ??= import("geoip-country").then((m) => (m.default ?? m) as GeoipModule);
  return loading;
}

/** The country of a client address, or null for private, loopback, unknown or malformed addresses. */
export async function ipCountry(ip: string | null): Promise<IpCountry | null> {
  if (!ip || isIP(ip) === 0) return null;
  const found = (await geoip()).lookup(ip);
  if (!found?.country) return null;
  return { code: found.country.toUpperCase(), continentCode: found.continent ?? null };
}
