import { data } from "react-router";
import type { Route } from "./+types/data-saver";
import { isDataSaverRequest } from "~/lib/data-saver";
import { chooseDataSaver, dataSaverReturnPath } from "~/modules/site/data-saver-choice.server";
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
  const refused = await chooseDataSaver(request);
  if (refused instanceof Response) return refused;
  return data(refused, { status: 400 });
}

export default function DataSaver({ loaderData, actionData }: Route.ComponentProps) {
  const { on } = loaderData;
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
      {actionData ? (
        <FormNotice className="mt-4" notice={{ ok: false, title: "Not changed", message: actionData.message }} />
      ) : null}
      <DataSaverSwitch
        on={on}
        returnTo={actionData?.back ?? "/data-saver"}
        className="mt-6"
        buttonClassName="btn min-h-11 px-5 text-base"
      />
    </div>
  );
}
