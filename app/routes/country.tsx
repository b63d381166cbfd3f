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
import { countryChoicesIn, pickerDefault } from "~/modules/pricing/country-list.server";
import { countryNameIn } from "~/modules/pricing/countries";
import { metaT, pageMeta } from "~/modules/site/meta";
import { useT } from "~/lib/i18n/use-t";
import { localeFromPath, localeHref } from "~/lib/locale";
import { FormNotice } from "~/components/ui/form-notice";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({
      title: t("country.title"),
      description: t("country.description"),
      path: "/country",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const back = countryReturnPath(request, new URL(request.url).searchParams.get("redirectTo"));
  // The names come from the server's Intl, so the browser's (another ICU version) cannot differ from them.
  const shell = await shellCountry(request);
  // In Swahili (/sw/country): the names are Intl's Swahili ones, sorted in Swahili, and the form posts to /sw/country.
  const locale = localeFromPath(new URL(request.url).pathname);
  const country = locale === "sw" ? { ...shell, name: countryNameIn(shell.code, locale) } : shell;
  const action = localeHref("/country", locale);
  const page = { country, choices: countryChoicesIn(locale), selected: pickerDefault(country.code), back };
  return locale === "sw" ? { ...page, action } : page;
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
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("country.title")}</h1>
      <p className="mt-3 text-gray-700">
        {t("country.intro")}
        <strong>{country.name}</strong>.
      </p>
      {refused ? (
        <FormNotice
          className="mt-4"
          notice={{ ok: false, title: t("country.notChanged"), message: refused.error.message }}
        />
      ) : null}
      <form
        method="post"
        action={"action" in loaderData ? loaderData.action : "/country"}
        className="mt-6 flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="redirectTo" value={back} />
        <div className="flex flex-col">
          <label htmlFor="country-picker" className="text-sm font-medium text-gray-800">
            {t("country.country")}
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
          {t("country.update")}
        </button>
      </form>
    </div>
  );
}
