import type { Route } from "./+types/data-saver";
import { isDataSaverRequest } from "~/lib/data-saver";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusalOf } from "~/lib/action-result";
import { dataSaverChosen, dataSaverFormSchema, dataSaverReturnPath } from "~/modules/site/data-saver-choice.server";
import { metaT, pageMeta } from "~/modules/site/meta";
import { FormNotice } from "~/components/ui/form-notice";
import { DataSaverSwitch } from "~/components/data-saver";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";
import { errorWords } from "~/components/account/error-words";
import { localeFromPath, localizedHref } from "~/lib/locale";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({
      title: t("dataSaver.title"),
      description: t("dataSaver.description"),
      path: "/data-saver",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const back = dataSaverReturnPath(request, new URL(request.url).searchParams.get("redirectTo"));
  // CASE: the way back is this page itself (in either language) -> the home page in the page's language.
  const self = back.startsWith("/data-saver") || back.startsWith("/sw/data-saver");
  return {
    on: isDataSaverRequest(request),
    back: self ? localizedHref("/", localeFromPath(new URL(request.url).pathname)) : back,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, dataSaverFormSchema);
  // CASE: a tampered form (the switch sends on or off) -> refused, keeping the posted way back for the retry.
  if (submission.status !== "success") return refuseForm(submission);
  const { dataSaver, redirectTo } = submission.value;
  return dataSaverChosen(dataSaver === "on", dataSaverReturnPath(request, redirectTo));
}

export default function DataSaver({ loaderData, actionData }: Route.ComponentProps) {
  const { on } = loaderData;
  const refused = refusalOf(actionData);
  const posted = refused?.form?.initialValue?.redirectTo;
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("dataSaver.title")}</h1>
      <p className="mt-3 text-gray-700">{t("dataSaver.intro")}</p>
      <p className="mt-3 text-gray-900">
        {t("dataSaver.stateBefore")}
        <strong>{on ? t("dataSaver.on") : t("dataSaver.off")}</strong>.
      </p>
      {refused ? (
        <FormNotice
          className="mt-4"
          notice={{
            ok: false,
            title: t("dataSaver.notChanged"),
            message: errorWords(t, locale, refused.error.message),
          }}
        />
      ) : null}
      <DataSaverSwitch
        on={on}
        // CASE: a refused post: back where the post was going (the next post checks it again).
        returnTo={typeof posted === "string" && posted ? posted : localHref("/data-saver")}
        className="mt-6"
        buttonClassName="btn min-h-11 px-5 text-base"
      />
    </div>
  );
}
