import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { pricingRules } from "~/db/schema";
import { createPricingData } from "~/db/seed/factories";
import { priceCountries, visitorCountry } from "~/modules/pricing/visitor-country.server";
import { chargingNotice, priceCountryEvidence } from "~/modules/pricing/charging-country-text";
import { ipCountry } from "~/modules/pricing/ip-country.server";
import {
  PRICING_CACHE_MS,
  PRICING_FALLBACK_MESSAGE,
  forgetPricingResponses,
  pricingForRequest,
} from "~/modules/pricing/pricing-response.server";
import { loadCountryPricing, regionalPriceFor } from "~/modules/pricing/regional-price.server";

// Addresses the shipped GeoLite2 data maps (checked when this test was written): Safaricom, Google, MTN Nigeria.
const KENYAN = "41.90.64.1";
const AMERICAN = "8.8.8.8";
const NIGERIAN = "105.112.0.1";
const CDN = { countryHeader: "cf-ipcountry" };

let t: TestDatabase;

function requestFrom(headers: Record<string, string>): Request {
  return new Request("http://localhost/ebooks", { headers });
}

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
});
beforeEach(() => {
  forgetPricingResponses();
});
afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

describe(`visitor country (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("maps fixed addresses with the offline IP database", async () => {
    expect(await ipCountry(KENYAN)).toEqual({ code: "KE", continentCode: "AF" });
    expect(await ipCountry(AMERICAN)).toMatchObject({ code: "US", continentCode: "NA" });
    expect(await ipCountry(NIGERIAN)).toMatchObject({ code: "NG" });
    expect(await ipCountry(`::ffff:${AMERICAN}`)).toMatchObject({ code: "US" });
    for (const privateOrBroken of ["127.0.0.1", "10.1.2.3", "192.168.0.9", "::1", "unknown", "", null]) {
      expect(await ipCountry(privateOrBroken), String(privateOrBroken)).toBeNull();
    }
  });

  it("prefers the reader's choice over the CDN header and the address", async () => {
    const request = requestFrom({
      Cookie: "nuru_country=ng",
      "cf-ipcountry": "US",
      "x-nuru-client-ip": KENYAN,
    });
    expect(await visitorCountry(request, CDN)).toEqual({ code: "NG", source: "choice" });
  });

  it("charges the verified country whatever she picked: the CDN header, else the address, else Kenya (ADR 026)", async () => {
    const cdn = requestFrom({ Cookie: "nuru_country=KE", "cf-ipcountry": "US", "x-nuru-client-ip": KENYAN });
    expect(await priceCountries(cdn, CDN)).toEqual({
      shown: { code: "KE", source: "choice" },
      charging: { code: "US", source: "cdn" },
      picked: "KE",
    });
    // Without a trusted CDN the header is ignored: the address decides what she pays.
    const ip = requestFrom({ Cookie: "nuru_country=KE", "cf-ipcountry": "KE", "x-nuru-client-ip": AMERICAN });
    expect((await priceCountries(ip, {})).charging).toEqual({ code: "US", source: "ip" });
    const unknown = requestFrom({ Cookie: "nuru_country=US", "x-nuru-client-ip": "10.0.0.1" });
    expect(await priceCountries(unknown, {})).toMatchObject({
      shown: { code: "US" },
      charging: { code: "KE", source: "default" },
    });
    // What checkout and the pages say when the two differ, and nothing when they agree.
    expect(chargingNotice("KE", "US")).toMatchObject({
      checkout: "Prices for United States: you are paying from the United States.",
      beside: "You will be charged in United States prices from where you are",
    });
    expect(chargingNotice("NG", "NG")).toBeNull();
    // The admin order page's words for the recorded evidence.
    expect(priceCountryEvidence({ countryCode: "US", countrySource: "cdn", pickedCountryCode: "KE" })).toBe(
      "Priced for United States, from the CDN's country header. She had picked Kenya on the country page: shown prices only, not charged.",
    );
    expect(priceCountryEvidence({ countryCode: "KE", countrySource: "default", pickedCountryCode: null })).toBe(
      "Priced for Kenya, by default: neither a CDN header nor the IP address named a country. She had not picked a country.",
    );
  });

  it("ignores a chosen code the picker does not offer (Ascension: Intl names it, ISO does not list it), and nonsense", async () => {
    for (const cookie of ["nuru_country=AC", "nuru_country=XX", "nuru_country=%00", "nuru_country="]) {
      const request = requestFrom({ Cookie: cookie, "x-nuru-client-ip": NIGERIAN });
      expect(await visitorCountry(request), cookie).toEqual({ code: "NG", source: "ip" });
    }
  });

  it("obeys a chosen country without a rule (Iceland), which is priced by the default rule: Kenya's base price", async () => {
    const iceland = requestFrom({ Cookie: "nuru_country=IS", "x-nuru-client-ip": AMERICAN });
    expect(await visitorCountry(iceland)).toEqual({ code: "IS", source: "choice" });
    expect(await regionalPriceFor("IS", 125_000)).toMatchObject({
      ruleId: null,
      chargedCents: 125_000,
      displayCurrency: "KES",
      label: "KSh\u00a01,250.00",
    });
    // A rule removed later: the choice still stands, now at the default rule too.
    const request = requestFrom({ Cookie: "nuru_country=GB", "x-nuru-client-ip": AMERICAN });
    expect((await regionalPriceFor("GB", 125_000)).displayCurrency).toBe("GBP");
    const [gb] = await t.db.delete(pricingRules).where(eq(pricingRules.countryCode, "GB")).returning();
    try {
      expect(await visitorCountry(request)).toEqual({ code: "GB", source: "choice" });
      expect(await regionalPriceFor("GB", 125_000)).toMatchObject({ chargedCents: 125_000, displayCurrency: "KES" });
    } finally {
      await t.db.insert(pricingRules).values(gb);
    }
  });

  it("believes the CDN header only when COUNTRY_HEADER names it", async () => {
    const headers = { "cf-ipcountry": "us", "x-nuru-client-ip": NIGERIAN };
    expect(await visitorCountry(requestFrom(headers), CDN)).toEqual({ code: "US", source: "cdn" });
    expect(await visitorCountry(requestFrom(headers), {})).toEqual({ code: "NG", source: "ip" });
  });

  it("takes the base (Kenyan) price when the CDN names no country: Tor (T1), unknown (XX), EU, proxies", async () => {
    // The address behind such a header (a Tor exit, a proxy) is not where she is: it is never asked.
    for (const value of ["XX", "T1", "EU", "A1", "A2", "O1", "AP", "t1", "United States"]) {
      const request = requestFrom({ "cf-ipcountry": value, "x-nuru-client-ip": AMERICAN });
      expect(await visitorCountry(request, CDN), value).toEqual({ code: "KE", source: "default" });
      expect((await priceCountries(request, CDN)).charging, value).toEqual({ code: "KE", source: "default" });
    }
    // No header at all (reached without the CDN): the IP database, as before.
    for (const headers of <Record<string, string>[]>[
      { "x-nuru-client-ip": AMERICAN },
      { "cf-ipcountry": "", "x-nuru-client-ip": AMERICAN },
    ])
      expect(await visitorCountry(requestFrom(headers), CDN)).toEqual({ code: "US", source: "ip" });
  });

  it("falls back to Kenya for private and unknown addresses", async () => {
    for (const ip of ["127.0.0.1", "192.168.1.20", "::1", "unknown"]) {
      expect(await visitorCountry(requestFrom({ "x-nuru-client-ip": ip })), ip).toEqual({
        code: "KE",
        source: "default",
      });
    }
    expect(await visitorCountry(requestFrom({}))).toEqual({ code: "KE", source: "default" });
  });
});

describe(`GET /api/pricing's answer (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("answers the spec's fields with exact decimals for an American address", async () => {
    const answer = await pricingForRequest(requestFrom({ "x-nuru-client-ip": AMERICAN }));
    expect(answer).toEqual({
      country_code: "US",
      country_name: "United States",
      currency: "USD",
      continent_code: "NA",
      region_name: null,
      timezone: null,
      pricing_rule: {
        markup_percentage: "150.00",
        discount_percentage: "0.00",
        notes: expect.stringContaining("x2.5"),
      },
      exchange_rate: "0.00800000",
      source: "ip",
      fallback: false,
    });
  });

  it("keeps a country's rule 24 hours, then reads it again", async () => {
    let reads = 0;
    const load = (code: string) => {
      reads += 1;
      return loadCountryPricing(code);
    };
    const request = requestFrom({ Cookie: "nuru_country=NG" });
    const now = Date.now();
    await pricingForRequest(request, { load, now });
    const cached = await pricingForRequest(request, { load, now: now + PRICING_CACHE_MS - 1 });
    expect(reads).toBe(1);
    expect(cached).toMatchObject({ country_code: "NG", currency: "NGN", exchange_rate: "4.50000000" });
    await pricingForRequest(request, { load, now: now + PRICING_CACHE_MS });
    expect(reads).toBe(2);
  });

  it("answers Kenyan prices, flagged, when the read fails", async () => {
    const answer = await pricingForRequest(requestFrom({ "x-nuru-client-ip": AMERICAN }), {
      load: () => Promise.reject(new Error("connection refused")),
    });
    expect(answer).toMatchObject({
      country_code: "KE",
      currency: "KES",
      exchange_rate: "1",
      fallback: true,
      message: PRICING_FALLBACK_MESSAGE,
    });
  });

  it("prices an unlisted country in KES at the base price", async () => {
    const answer = await pricingForRequest(requestFrom({ "x-nuru-client-ip": "1.0.16.1" }));
    expect(answer).toMatchObject({ currency: "KES", exchange_rate: "1", fallback: false });
    expect(answer.pricing_rule).toEqual({ markup_percentage: "0", discount_percentage: "0", notes: null });
  });
});
