// One plan to edit (/admin/plans/:id, by id or slug) or a new one (/admin/plans/new): name, price in KES, period,
// ebook limit, features, badge, trial, on or off, order on /pricing. Issue 33, ADR 036.
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/plan-edit";
import { adminOf } from "~/modules/access/viewer.server";
import { getPlanForAdmin, PLAN_ERRORS, savePlan } from "~/modules/membership/plan-admin.server";
import { EMPTY_PLAN_FORM, planFormSchema, planFormValues } from "~/modules/membership/plan-form";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { isAppError } from "~/lib/app-error";
import { refusalOf } from "~/lib/action-result";
import { isId } from "~/lib/ids";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { PlanForm } from "~/components/admin/plan-form";

export function meta() {
  return [{ title: "Plan | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

async function planOf(context: Route.LoaderArgs["context"], param: string | undefined) {
  const admin = adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  if (param === undefined) return { admin, plan: null };
  const byId = isId(param);
  const plan = byId || /^[a-z0-9-]{1,60}$/.test(param) ? await getPlanForAdmin(admin, param.toLowerCase(), byId) : null;
  if (!plan) throw data(null, { status: 404 });
  return { admin, plan };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { plan } = await planOf(context, params.id);
  return {
    isNew: plan === null,
    name: plan?.name ?? null,
    orders: plan?.orders ?? 0,
    values: plan ? planFormValues(plan) : EMPTY_PLAN_FORM,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin, plan } = await planOf(context, params.id);
  const { submission } = await readSubmission(request, planFormSchema(plan === null));
  if (submission.status !== "success") return refuseForm(submission);
  // An edit keeps the plan's slug (links and orders name it), whatever was posted.
  const checked = { ...submission.value, slug: plan?.slug ?? submission.value.slug };
  try {
    await savePlan(admin, plan?.id ?? null, checked);
  } catch (error) {
    // CASE: the slug is taken -> said beside the slug; the plan was deleted meanwhile -> said above the form.
    if (isAppError(error, PLAN_ERRORS.PLAN_SLUG_TAKEN)) {
      return refuseForm(submission, { error, fieldErrors: { slug: [error.message] } });
    }
    if (isAppError(error, PLAN_ERRORS.PLAN_GONE)) return refuseForm(submission, { error, formErrors: [error.message] });
    throw error;
  }
  throw await redirectWithToast("/admin/plans", {
    kind: "success",
    title: plan ? "Plan saved" : "Plan created",
    message: `${checked.name} ${checked.isActive ? "is offered on /pricing" : "is not offered (switched off)"}.`,
  });
}

const card = "rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6";

export default function PlanEdit({ loaderData, actionData }: Route.ComponentProps) {
  const l = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <AdminFrame title={l.isNew ? "New plan" : `Plan: ${l.name}`}>
      <p>
        <Link to="/admin/plans" className="text-sm font-semibold text-brand-700 underline">
          Back to Plans
        </Link>
      </p>
      <section className={`${card} mt-4`} aria-label={l.isNew ? "New plan" : "Edit plan"}>
        {!l.isNew ? (
          <p className="mb-4 text-sm text-gray-800">
            {l.orders === 0
              ? "No orders yet."
              : `${l.orders} order${l.orders === 1 ? "" : "s"} made; they keep the price they were made at.`}
          </p>
        ) : null}
        <PlanForm values={l.values} lastResult={refusalOf(actionData)?.form} isNew={l.isNew} busy={busy} />
      </section>
    </AdminFrame>
  );
}
