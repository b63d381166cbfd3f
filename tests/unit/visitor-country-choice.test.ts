import { describe, expect, it } from "vitest";
import {
  COUNTRY_COOKIE,
  countryChoiceSchema,
  countryCookieHeader,
  countryCookieValue,
} from "~/modules/commerce/country-choice";
import { countryCodeOf, countryName } from "~/modules/commerce/countries";

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
