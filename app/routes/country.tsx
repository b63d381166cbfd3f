// /country: where a visitor picks the country her prices are shown for, among every country (one without a pricing
// rule takes the default rule). The footer, the pricing page and checkout link here; the list is on this page only,
// not in every page's HTML (issue 14). Update sends her back to the page she came from: the link's ?redirectTo= (a
// fixed path such as /pricing) or the Referer, same site only. The footer's link carries no address, so a page's
// query (a payment reference, a reset token) is never written into its own footer. The form is a plain post (no
// client code: it works before hydration and without JavaScript).
import type { Route } from "./+types/country";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusalOf } from "~/lib/action-result";
import { countryChosen, countryFormSchema, countryReturnPath } from "~/modules/pricing/choose-country.server";
import { shellCountry } from "~/modules/pricing/shell-country.server";
import { COUNTRY_CHOICES, pickerDefault } from "~/modules/pricing/country-list.server";
import { pageMeta } from "~/modules/site/meta";
import { FormNotice } from "~/components/ui/form-notice";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Prices in your country",
    description: "Choose the country Nuru shows its prices for.",
    path: "/country",
    matches,
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const back = countryReturnPath(request, new URL(request.url).searchParams.get("redirectTo"));
  // The names come from the server's Intl, so the browser's (another ICU version) cannot differ from them.
  const country = await shellCountry(request);
  return { country, choices: COUNTRY_CHOICES, selected: pickerDefault(country.code), back };
}

export async function action({ request }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, countryFormSchema);
  // CASE: only a tampered or stale form gets here (the picker offers nothing else) -> refused; the reply keeps the
  // posted way back for the retry (the page's own Referer is now /country).
  if (submission.status !== "success") return refuseForm(submission);
  return countryChosen(submission.value.country, countryReturnPath(request, submission.value.redirectTo));
}

export default function Country({ loaderData, actionData }: Route.ComponentProps) {
  const { country, choices, selected } = loaderData;
  const refused = refusalOf(actionData);
  // CASE: a refused post: the loader's Referer is now /country itself, so the way back comes from the post (the
  // next post checks it again).
  const posted = refused?.form?.initialValue?.redirectTo;
  const back = typeof posted === "string" && posted ? posted : loaderData.back;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold text-gray-900">Prices in your country</h1>
      <p className="mt-3 text-gray-700">
        Nuru charges in Kenyan shillings. Choose your country to see prices set for it, with your own currency beside
        them; a country without prices of its own sees the Kenyan ones. What you pay at checkout is the price of the
        country you are paying from. You are seeing prices for <strong>{country.name}</strong>.
      </p>
      {refused ? (
        <FormNotice
          className="mt-4"
          notice={{ ok: false, title: "Country not changed", message: refused.error.message }}
        />
      ) : null}
      <form method="post" action="/country" className="mt-6 flex flex-wrap items-end gap-3">
        <input type="hidden" name="redirectTo" value={back} />
        <div className="flex flex-col">
          <label htmlFor="country-picker" className="text-sm font-medium text-gray-800">
            Country
          </label>
          <select
            id="country-picker"
            name="country"
            defaultValue={selected}
            className="mt-1 min-h-11 rounded-lg border border-gray-400 bg-white px-2 text-gray-900"
          >
            {choices.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn min-h-11 px-5 text-base">
          Update
        </button>
      </form>
    </div>
  );
}
