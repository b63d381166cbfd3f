// One offer code: its terms to edit, switching it on or off, and choosing it as the retention offer (the one code a
// card payer may be offered, once, when she turns auto-renew off).
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/code-edit";
import { adminOf } from "~/modules/access/viewer.server";
import {
  getOfferCode,
  offerCodeTargets,
  saveOfferCode,
  setOfferCodeActive,
  setRetentionOffer,
} from "~/modules/orders/offer-codes.server";
import { offerCodeEditSchema, offerText, toNairobiInput } from "~/modules/orders/offer-code-rules";
import { offerCodeFieldOf } from "~/modules/orders/offer-code-admin-errors";
import { isAppError } from "~/lib/app-error";
import { refusalOf } from "~/lib/action-result";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { centsToDecimal } from "~/modules/pricing/money";
import { isId } from "~/lib/ids";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { OfferCodeForm } from "~/components/admin/offer-code-form";

export function meta() {
  return [{ title: "Offer code | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

async function codeOf(context: Route.LoaderArgs["context"], id: string) {
  const admin = adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  const code = isId(id) ? await getOfferCode(admin, id.toLowerCase()) : null;
  if (!code) throw data(null, { status: 404 });
  return { admin, code };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { admin, code } = await codeOf(context, params.id);
  return {
    targets: await offerCodeTargets(admin),
    id: code.id,
    code: code.code,
    offer: offerText(code),
    used: code.paid,
    waiting: code.waiting,
    isActive: code.isActive,
    isRetentionOffer: code.isRetentionOffer,
    values: {
      code: code.code,
      description: code.description ?? "",
      kind: code.kind,
      amount: code.kind === "percent" ? (code.percentOff ?? "") : centsToDecimal(code.amountOffCents ?? 0),
      appliesTo: code.appliesTo,
      planIds: [...code.planIds],
      ebookIds: [...code.ebookIds],
      startsAt: toNairobiInput(code.startsAt),
      endsAt: toNairobiInput(code.endsAt),
      totalLimit: code.totalLimit === null ? "" : String(code.totalLimit),
      perReaderLimit: code.perReaderLimit === null ? "" : String(code.perReaderLimit),
      firstPeriodOnly: code.firstPeriodOnly,
      isActive: code.isActive,
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin, code } = await codeOf(context, params.id);
  const { submission } = await readSubmission(request, offerCodeEditSchema);
  if (submission.status !== "success") {
    // CASE: an unknown intent (a tampered post) -> 'Unknown request' above the form.
    const known = submission.payload.intent === "save";
    return refuseForm(submission, known ? {} : { formErrors: ["Unknown request"] });
  }
  const command = submission.value;
  const back = `/admin/codes/${code.id}`;
  if (command.intent === "on" || command.intent === "off") {
    const on = command.intent === "on";
    await setOfferCodeActive(admin, code.id, on);
    throw await redirectWithToast(back, {
      kind: "success",
      title: on ? "Code switched on" : "Code switched off",
      message: on ? `${code.code} can be used again.` : `${code.code} can no longer be used.`,
    });
  }
  if (command.intent === "retention" || command.intent === "no-retention") {
    const retention = command.intent === "retention";
    await setRetentionOffer(admin, retention ? code.id : null);
    throw await redirectWithToast(back, {
      kind: "success",
      title: "Retention offer",
      message: retention
        ? `${code.code} is offered once to card payers who turn auto-renew off.`
        : "No retention offer is made.",
    });
  }
  const { intent: _save, ...terms } = command;
  try {
    await saveOfferCode(admin, code.id, terms);
  } catch (error) {
    // CASE: the text is taken, the limit is below the uses, or the code is gone -> under its field, what was typed kept.
    if (!isAppError(error)) throw error;
    return refuseForm(submission, { error, fieldErrors: { [offerCodeFieldOf(error)]: [error.message] } });
  }
  throw await redirectWithToast(back, {
    kind: "success",
    title: "Offer code saved",
    message: `${terms.code} saved.`,
  });
}

const card = "rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6";
const button =
  "min-h-11 rounded-full border border-brand-600 px-5 text-sm font-semibold text-brand-700 hover:bg-rose-50";

export default function OfferCodeEdit({ loaderData, actionData }: Route.ComponentProps) {
  const l = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <AdminFrame title={`Offer code ${l.code}`}>
      <p>
        <Link to="/admin/codes" className="text-sm font-semibold text-brand-700 underline">
          Back to Offer codes
        </Link>
      </p>
      <section aria-labelledby="code-state" className={`${card} mt-4`}>
        <h2 id="code-state" className="text-lg font-semibold text-gray-900">
          {l.offer}
        </h2>
        <p className="mt-1 text-sm text-gray-800" data-testid="offer-code-uses">
          Used {l.used} times{l.waiting ? `, ${l.waiting} waiting for payment` : ""}. {l.isActive ? "On" : "Off"}
          {l.isRetentionOffer ? " · the retention offer" : ""}.
        </p>
        <p className="mt-1 text-sm break-all text-gray-700">
          Link: <span className="font-mono">/pricing?code={l.code}</span>
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value={l.isActive ? "off" : "on"} />
            <button type="submit" className={button} disabled={busy}>
              {l.isActive ? "Switch off" : "Switch on"}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value={l.isRetentionOffer ? "no-retention" : "retention"} />
            <button type="submit" className={button} disabled={busy}>
              {l.isRetentionOffer ? "No longer the retention offer" : "Make it the retention offer"}
            </button>
          </Form>
        </div>
      </section>
      <section aria-labelledby="code-edit" className={`${card} mt-6`}>
        <h2 id="code-edit" className="mb-4 text-lg font-semibold text-gray-900">
          Terms
        </h2>
        <OfferCodeForm
          values={l.values}
          lastResult={refusalOf(actionData)?.form}
          editing
          targets={l.targets}
          submitLabel="Save code"
          busy={busy}
        />
      </section>
    </AdminFrame>
  );
}
