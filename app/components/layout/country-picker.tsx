import type { ShellCountry } from "~/modules/commerce/shell-country.server";

/**
 * A plain form posting to /country (no client code: it works before hydration and without JavaScript). The
 * server sends the reader back to this page with the new country's prices.
 */
export function CountryPicker({ country }: { country: ShellCountry }) {
  const offered = country.choices.some((c) => c.code === country.code);
  return (
    <form method="post" action="/country" className="mt-4" aria-labelledby="country-picker-title">
      <p id="country-picker-title" className="font-semibold">
        Prices for {country.name}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div className="flex flex-col">
          <label htmlFor="country-picker" className="text-xs text-gray-700">
            Country
          </label>
          <select
            id="country-picker"
            name="country"
            // CASE: a country without a rule (prices as in Kenya) is shown by name; picking keeps Kenya selected.
            defaultValue={offered ? country.code : "KE"}
            className="mt-1 min-h-11 rounded-lg border border-gray-400 bg-white px-2 text-gray-900"
          >
            {country.choices.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="min-h-11 rounded-full bg-brand-700 px-4 font-semibold text-white hover:bg-brand-600"
        >
          Update
        </button>
      </div>
    </form>
  );
}
