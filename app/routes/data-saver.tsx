import type { Route } from "./+types/data-saver";
import { isDataSaverRequest } from "~/lib/data-saver";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusalOf } from "~/lib/action-result";
import { dataSaverChosen, dataSaverFormSchema, dataSaverReturnPath } from "~/modules/site/data-saver-choice.server";
import { pageMeta } from "~/modules/site/meta";
import { FormNotice } from "~/components/ui/form-notice";
import { DataSaverSwitch } from "~/components/data-saver";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Data saver",
    description: "Read Nuru with less mobile data.",
    path: "/data-saver",
    matches,
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const back = dataSaverReturnPath(request, new URL(request.url).searchParams.get("redirectTo"));
  return { on: isDataSaverRequest(request), back: back.startsWith("/data-saver") ? "/" : back };
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
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold text-gray-900">Data saver</h1>
      <p className="mt-3 text-gray-700">
        With data saver on, Nuru sends pages without scripts, shows a picture or a video only when you tap it, and keeps
        the home page short. An article then costs about a fifth of the data. Everything you can read stays the same.
        The choice is kept on this browser, signed in or not.
      </p>
      <p className="mt-3 text-gray-900">
        Data saver is <strong>{on ? "on" : "off"}</strong>.
      </p>
      {refused ? (
        <FormNotice className="mt-4" notice={{ ok: false, title: "Not changed", message: refused.error.message }} />
      ) : null}
      <DataSaverSwitch
        on={on}
        // CASE: a refused post: back where the post was going (the next post checks it again).
        returnTo={typeof posted === "string" && posted ? posted : "/data-saver"}
        className="mt-6"
        buttonClassName="btn min-h-11 px-5 text-base"
      />
    </div>
  );
}
