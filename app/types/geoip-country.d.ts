// geoip-country ships no types; only the lookup the shop uses is declared.
declare module "geoip-country" {
  export interface GeoipCountry {
    country: string;
    name?: string;
    continent?: string;
    continent_name?: string;
    currency?: string[];
  }
  export function lookup(ip: string | number): GeoipCountry | null;
  const geoip: { lookup: typeof lookup };
  export default geoip;
}
