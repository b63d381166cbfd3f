import { describe, expect, it } from "vitest";
import {
  COUNTRY_COOKIE,
  countryChoiceSchema,
  countryCookieHeader,
  countryCookieValue,
} from "~/modules/pricing/country-choice";
import { countryCodeOf, countryName } from "~/modules/pricing/countries";
import { COUNTRY_CHOICES, isListedCountry, pickerDefault } from "~/modules/pricing/country-list.server";
import { countryReturnPath } from "~/modules/pricing/choose-country.server";

const offered = ["KE", "NG", "US"];

describe("the country picker's form", () => {
  it("accepts an offered country, trimmed and upper-cased", () => {
    expect(countryChoiceSchema(offered).parse({ country: " us " })).toEqual({ country: "US" });
  });

  it.each([["JP"], ["XX"], [""], ["USA"], ["<script>"], [undefined], [42]])("refuses %j", (country) => {
    const result = countryChoiceSchema(offered).safeParse({ country });
    expect(result.success).toBe(false);
  });

  it("says what is wrong in words", () => {
    const result = countryChoiceSchema(offered).safeParse({ country: "JP" });
    expect(result.error?.issues[0]?.message).toBe("Please choose a country from the list.");
  });
});

describe("the country cookie", () => {
  it("lasts a year on the whole site, SameSite=Lax, Secure only in production", () => {
    expect(countryCookieHeader("NG", false)).toBe(`${COUNTRY_COOKIE}=NG; Path=/; Max-Age=31536000; SameSite=Lax`);
    expect(countryCookieHeader("NG", true)).toMatch(/; SameSite=Lax; Secure$/);
  });

  it("is read from among other cookies", () => {
    expect(countryCookieValue(`a=1; ${COUNTRY_COOKIE}=US; b=2`)).toBe("US");
    expect(countryCookieValue("a=1; nuru_country_x=US")).toBeNull();
    expect(countryCookieValue(null)).toBeNull();
  });
});

describe("country codes from outside", () => {
  it("accepts real countries in any case", () => {
    expect(countryCodeOf("ng")).toBe("NG");
    expect(countryName("US")).toBe("United States");
  });

  it.each(["XX", "T1", "EU", "ZZ", "U", "USA", "1A", "", "../"])("refuses %j, which names no country", (value) => {
    expect(countryCodeOf(value)).toBeNull();
  });
});

describe("the picker's countries", () => {
  it("are every ISO 3166-1 country by English name, not only those with a pricing rule", () => {
    const names = COUNTRY_CHOICES.map((c) => c.name);
    expect(COUNTRY_CHOICES).toHaveLength(250);
    expect(COUNTRY_CHOICES).toContainEqual({ code: "IS", name: "Iceland" });
    expect(COUNTRY_CHOICES).toContainEqual({ code: "KE", name: "Kenya" });
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names.slice(0, 3)).toEqual(["Afghanistan", "Åland Islands", "Albania"]);
    expect(new Set(COUNTRY_CHOICES.map((c) => c.code)).size).toBe(250);
    expect(COUNTRY_CHOICES.every((c) => countryCodeOf(c.code) === c.code)).toBe(true);
  });

  it("decide which chosen codes are obeyed, and which option the picker starts on", () => {
    expect(isListedCountry("IS")).toBe(true);
    // Intl names Ascension and the EU, but neither is a country a visitor picks.
    expect(isListedCountry("AC")).toBe(false);
    expect(isListedCountry("EU")).toBe(false);
    expect(pickerDefault("IS")).toBe("IS");
    expect(pickerDefault("AC")).toBe("KE");
  });
});

describe("where Update sends her", () => {
  const from = (referer?: string) =>
    new Request("http://shop.test/country", { headers: referer ? { Referer: referer } : {} });

  it("back to the link's redirectTo, else the page she came from", () => {
    expect(countryReturnPath(from("http://shop.test/ebooks?page=2"), "/pricing")).toBe("/pricing");
    expect(countryReturnPath(from("http://shop.test/ebooks?page=2"), null)).toBe("/ebooks?page=2");
  });

  it.each([
    ["https://evil.example/x", null],
    [null, "https://evil.example/x"],
    [null, "//evil.example/x"],
    ["http://shop.test/country", null],
    [null, "/country?redirectTo=/x"],
    [null, null],
  ])("home for Referer %j and redirectTo %j", (referer, asked) => {
    expect(countryReturnPath(from(referer ?? undefined), asked)).toBe("/");
  });
});
