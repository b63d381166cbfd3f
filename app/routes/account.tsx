import { Form, Link, useNavigation } from "react-router";
import { SignInRequired } from "~/components/layout/sign-in-required";
import { getFormProps } from "@conform-to/react";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusalOf } from "~/lib/action-result";
import { useSchemaForm } from "~/lib/forms";
import type { Route } from "./+types/account";
import { pageMeta } from "~/modules/site/meta";
import { getOptionalUser, requireUser } from "~/modules/access/viewer.server";
import { profileSchema } from "~/modules/accounts/schemas";
import { kraPinOf, saveFullName, saveKraPin } from "~/modules/accounts/account.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { DataSaverSwitch, useDataSaver } from "~/components/data-saver";
import { FollowChoices } from "~/components/mail/follow-choices";
import { followingFor } from "~/modules/member-mail/subscribers.server";
import { listCategories } from "~/modules/content/categories.server";
import { CONSENT_WORDING } from "~/modules/member-mail/member-mail-form";
import { readerNameOf, roleLabelOf } from "~/modules/accounts/reader-name";
import { savedLanguageOf } from "~/modules/accounts/language.server";
import { LanguageSetting } from "~/components/account/language-setting";
import type { RouteFacts } from "~/lib/route-facts";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import accountScript from "~/islands/account-page.ts?worker&url";

// An islands page (ADR 045): rendered by the server only; its forms are plain posts (the server checks the profile
// form and shows what to fix), and account-page.ts adds the busy label.
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: "Account", description: "Your Nuru account settings.", path: "/account", matches }),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  if (!user) return { user, kraPin: null, following: null, categories: [], language: null };
  const [kraPin, following, categories, language] = await Promise.all([
    kraPinOf(user.id),
    followingFor(user),
    listCategories(),
    savedLanguageOf(user.id),
  ]);
  return { user, kraPin, following, categories: categories.map((c) => ({ id: c.id, name: c.name })), language };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const { submission } = await readSubmission(request, profileSchema);
  if (submission.status !== "success") return refuseForm(submission);
  await saveFullName(user.id, submission.value.fullName);
  await saveKraPin(user.id, submission.value.kraPin ?? null);
  throw await redirectWithToast("/account", { kind: "success", title: "Profile updated" });
}

/** Following the shop by e-mail (issue 34): her choices, or the form to opt in with her account's address. */
function MemberMail({
  following,
  categories,
}: {
  following: { status: string; frequency: "each" | "weekly"; categoryIds: string[]; preferencesPath: string } | null;
  categories: { id: string; name: string }[];
}) {
  const active = following?.status === "active";
  return (
    <section aria-labelledby="member-mail" className="mt-8 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
      <h2 id="member-mail" className="text-xl font-semibold text-gray-900">
        New articles by e-mail
      </h2>
      {active ? (
        <p className="mt-2 text-gray-700">
          You get new articles by e-mail{following.frequency === "weekly" ? " once a week" : ""}.{" "}
          <Link to={following.preferencesPath} className="font-semibold text-brand-700 underline">
            Change what you get or unsubscribe
          </Link>
        </p>
      ) : (
        <form method="post" action="/newsletter" className="mt-3 space-y-4">
          <input type="hidden" name="source" value="account" />
          <p className="text-gray-700">Free: the categories you choose, to your account&apos;s address.</p>
          <FollowChoices
            categories={categories}
            checked={following?.categoryIds ?? []}
            frequency={following?.frequency ?? "each"}
          />
          <p className="text-sm text-gray-700">{CONSENT_WORDING}</p>
          <button type="submit" className="btn min-h-11 px-5">
            Subscribe
          </button>
        </form>
      )}
    </section>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const user = loaderData.user;
  const dataSaver = useDataSaver();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const [form, fields] = useSchemaForm(profileSchema, {
    id: "account",
    lastResult: refusalOf(actionData)?.form,
    defaultValue: { fullName: user?.fullName ?? "", kraPin: loaderData.kraPin ?? "" },
  });
  if (!user) {
    return <SignInRequired what="Sign in to see and update your account." returnTo="/account" />;
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-gray-900">Account Settings</h1>
      <p className="mt-2 text-lg font-semibold text-gray-900" data-testid="account-name">
        {readerNameOf(user)}
      </p>
      <p className="mt-2 text-gray-700">
        Your plan, your ebooks and your receipts are in{" "}
        <Link to="/dashboard" className="font-semibold text-brand-700 underline">
          My Library
        </Link>
        .
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 space-y-5 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm"
      >
        <div>
          <label htmlFor="account-email" className="block text-sm font-medium text-gray-800">
            Email
          </label>
          <input
            id="account-email"
            value={user.email}
            readOnly
            className="mt-1 w-full rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-gray-700"
          />
        </div>
        <TextField meta={fields.fullName} label="Full name" autoComplete="name" maxLength={200} />
        <TextField
          meta={fields.kraPin}
          label="KRA PIN (optional)"
          hint="For your receipts, if you claim your purchases: a letter, nine digits and a letter."
          required={false}
          autoComplete="off"
          maxLength={40}
          placeholder="A123456789B"
        />
        <div>
          <label htmlFor="account-role" className="block text-sm font-medium text-gray-800">
            Role
          </label>
          <input
            id="account-role"
            value={roleLabelOf(user.role)}
            readOnly
            className="mt-1 w-full rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-gray-700"
          />
        </div>
        <SubmitButton busy={busy} busyLabel="Updating..." label="Update Profile" />
      </Form>
      <section
        aria-labelledby="data-saver-title"
        className="mt-8 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm"
      >
        <h2 id="data-saver-title" className="text-xl font-semibold text-gray-900">
          Data saver
        </h2>
        <p className="mt-1 text-gray-700">
          Pages without scripts, pictures and videos only when you tap them: about a fifth of the data. Kept on this
          browser.
        </p>
        <DataSaverSwitch
          on={dataSaver}
          returnTo="/account"
          className="mt-3"
          buttonClassName="btn min-h-11 px-5 text-base"
        />
      </section>
      <LanguageSetting current={loaderData.language} />
      <MemberMail following={loaderData.following} categories={loaderData.categories} />
      <section aria-labelledby="your-data" className="mt-8 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
        <h2 id="your-data" className="text-xl font-semibold text-gray-900">
          Your data
        </h2>
        <p className="mt-2 text-gray-700">
          Download everything Nuru holds about you, or delete your account. What we keep and why is on the{" "}
          <Link to="/privacy" className="font-semibold text-brand-700 underline">
            privacy page
          </Link>
          .
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a
            href="/account/data"
            download
            className="rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Download my data
          </a>
          <Link
            to="/account/delete"
            className="rounded-md border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50"
          >
            Delete my account
          </Link>
        </div>
      </section>
      {islands ? <script type="module" src={accountScript} nonce={nonce} /> : null}
    </div>
  );
}
