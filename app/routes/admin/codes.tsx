// Offer codes (issue 33, ADR 037): every code with its terms and how often it was used (paid orders, and orders still
// holding a slot while they wait for payment), and a form to make a new one. Editing and switching off: code-edit.tsx.
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/codes";
import { adminOf } from "~/modules/access/viewer.server";
import { listOfferCodes, offerCodeTargets, saveOfferCode } from "~/modules/orders/offer-codes.server";
import { offerCodeFormSchema, offerText } from "~/modules/orders/offer-code-rules";
import { offerCodeFieldOf } from "~/modules/orders/offer-code-admin-errors";
import { isAppError } from "~/lib/app-error";
import { refusalOf } from "~/lib/action-result";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { EMPTY_CODE_FORM, OfferCodeForm } from "~/components/admin/offer-code-form";
import { nairobiDateTime } from "~/lib/nairobi-display";

export function meta() {
  return [{ title: "Offer codes | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  const [codes, targets] = await Promise.all([listOfferCodes(admin), offerCodeTargets(admin)]);
  const now = Date.now();
  return {
    targets,
    codes: codes.map((c) => ({
      id: c.id,
      code: c.code,
      description: c.description,
      offer: offerText(c),
      scope:
        c.appliesTo === "all"
          ? "Everything"
          : c.appliesTo === "plans"
            ? c.planIds.length
              ? `${c.planIds.length} plan${c.planIds.length === 1 ? "" : "s"}`
              : "Every plan"
            : c.ebookIds.length
              ? `${c.ebookIds.length} ebook${c.ebookIds.length === 1 ? "" : "s"}`
              : "Every ebook",
      state: !c.isActive
        ? "Off"
        : c.startsAt.getTime() > now
          ? "Not started"
          : c.endsAt && c.endsAt.getTime() <= now
            ? "Ended"
            : c.totalLimit !== null && c.redeemedCount >= c.totalLimit
              ? "Used up"
              : "On",
      startsAt: c.startsAt.toISOString(),
      endsAt: c.endsAt?.toISOString() ?? null,
      used: c.paid,
      waiting: c.waiting,
      totalLimit: c.totalLimit,
      perReaderLimit: c.perReaderLimit,
      isRetentionOffer: c.isRetentionOffer,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  const { submission } = await readSubmission(request, offerCodeFormSchema);
  if (submission.status !== "success") return refuseForm(submission);
  try {
    await saveOfferCode(admin, null, submission.value);
  } catch (error) {
    // CASE: the code's text is taken -> the message stands under the code field, what was typed stays.
    if (!isAppError(error)) throw error;
    return refuseForm(submission, { error, fieldErrors: { [offerCodeFieldOf(error)]: [error.message] } });
  }
  throw await redirectWithToast("/admin/codes", {
    kind: "success",
    title: "Offer code created",
    message: `${submission.value.code} can be shared as /pricing?code=${submission.value.code}.`,
  });
}

const card = "rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6";

export default function OfferCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, targets } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <AdminFrame title="Offer codes">
      <section aria-labelledby="codes-list" className={card}>
        <h2 id="codes-list" className="text-lg font-semibold text-gray-900">
          Codes
        </h2>
        {codes.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">No offer codes yet. Make the first one below.</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-100">
            {codes.map((c) => (
              <li key={c.id} className="py-3" data-testid="offer-code-row">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="min-w-0 break-all">
                    <Link to={`/admin/codes/${c.id}`} className="font-mono font-semibold text-brand-700 underline">
                      {c.code}
                    </Link>{" "}
                    <span className="text-sm text-gray-900">
                      {c.offer} · {c.scope}
                    </span>
                  </p>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                      c.state === "On" ? "bg-emerald-100 text-emerald-900" : "bg-gray-100 text-gray-800"
                    }`}
                  >
                    {c.state}
                  </span>
                </div>
                <p className="mt-1 text-sm text-gray-800" data-testid="offer-code-uses">
                  Used {c.used}
                  {c.totalLimit !== null ? ` of ${c.totalLimit}` : ""}
                  {c.waiting ? ` · ${c.waiting} waiting for payment` : ""} ·{" "}
                  {c.perReaderLimit !== null ? `${c.perReaderLimit} per reader` : "no limit per reader"}
                  {c.isRetentionOffer ? " · retention offer" : ""}
                </p>
                <p className="text-xs text-gray-700">
                  <time dateTime={c.startsAt}>{nairobiDateTime.format(new Date(c.startsAt))}</time> to{" "}
                  {c.endsAt ? <time dateTime={c.endsAt}>{nairobiDateTime.format(new Date(c.endsAt))}</time> : "no end"}
                  {c.description ? ` · ${c.description}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="codes-new" className={`${card} mt-6`}>
        <h2 id="codes-new" className="text-lg font-semibold text-gray-900">
          New code
        </h2>
        <p className="mt-1 mb-4 text-sm text-gray-700">
          The regional price applies first, then the code. A code that brings the price to zero completes the order
          without payment.
        </p>
        {/* A new key after each created code: the form starts empty again. */}
        <OfferCodeForm
          key={codes.length}
          values={EMPTY_CODE_FORM}
          lastResult={refusalOf(actionData)?.form}
          editing={false}
          targets={targets}
          submitLabel="Create code"
          busy={busy}
        />
      </section>
    </AdminFrame>
  );
}
